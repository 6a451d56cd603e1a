"""Demo data for the embedded run: an English patient-experience bank and, once the demo project is known
from the projects events, its questionnaire. Idempotent: matched by titles, built only when empty."""

from __future__ import annotations

from sqlalchemy.orm import Session

from surveys.answer import repository as answer_repo
from surveys.models import Answer, LangAnswer, LangQuestion, ProjectView, Question, QuestionnaireAnswer, QuestionnaireItem
from surveys.question import repository as question_repo
from surveys.questionnaire import repository as questionnaire_repo
from surveys.readmodel import repository as rm

DEMO_PROJECT_NAME = "Riverside Patient Experience 2026"
ENGLISH = 1

RATING = ["Excellent", "Very Good", "Good", "Fair", "Poor"]
YES_NO = ["Yes", "No"]
CHANNELS = ["Website", "Phone", "Walk-in", "Referral"]

# (title, category, text, type, answers)
DEMO_QUESTIONS: list[tuple[str, str, str, int, list[str]]] = [
    ("Introduction", "Script",
     "Hello, this is a short survey about your recent visit. It takes about three minutes.", 4, []),
    ("Overall care rating", "Overall", "How would you rate the care you received?", 1, RATING),
    ("Recommend clinic", "Loyalty", "Would you recommend this clinic to your family and friends?", 1, YES_NO),
    ("Provider explained clearly", "Provider", "Did the provider explain things in a way that was easy to understand?", 1, YES_NO),
    ("How scheduled", "Access", "How did you schedule this visit? (choose all that apply)", 2, CHANNELS),
    ("What did we do well", "Comments", "What did we do well?", 3, []),
    ("What could we improve", "Comments", "What could we improve?", 3, []),
]


def _session_scope(db):
    return db.session() if hasattr(db, "session") else _Passthrough(db)


class _Passthrough:
    def __init__(self, s: Session):
        self.s = s

    def __enter__(self):
        return self.s

    def __exit__(self, *a):
        return False


def seed_demo(db) -> bool:
    """`db` is the service's kit Database (or an open Session). False until the demo project has arrived by
    event (the runner calls again), True once its questionnaire is built."""
    with _session_scope(db) as s:
        ensure_demo_bank(s)
        project = rm.get_project_by_name(s, DEMO_PROJECT_NAME)
        if project is None:
            return False
        ensure_demo_questionnaire(s, project)
        return True


def ensure_demo_bank(s: Session) -> None:
    for title in {a for *_, answers in DEMO_QUESTIONS for a in answers}:
        if answer_repo.get_by_title(s, title) is None:
            answer_repo.add(s, Answer(title=title, is_ans=False, lang_answers=[LangAnswer(lang_id=ENGLISH, ans_text=title)]))
    for title, category, text, _, _ in DEMO_QUESTIONS:
        if question_repo.get_by_title(s, title) is None:
            question_repo.add(s, Question(title=title, category=category, is_question=False,
                                          lang_questions=[LangQuestion(lang_id=ENGLISH, ques_text=text)]))


def ensure_demo_questionnaire(s: Session, project: ProjectView) -> None:
    """Builds the demo questionnaire for the demo project when the demo bank is present and it has none."""
    if project.name != DEMO_PROJECT_NAME or questionnaire_repo.items(s, project.id):
        return
    questions = [question_repo.get_by_title(s, t) for t, *_ in DEMO_QUESTIONS]
    if any(q is None for q in questions):
        return  # not a demo database
    for seq, ((_, _, _, qtype, answers), q) in enumerate(zip(DEMO_QUESTIONS, questions, strict=True), start=1):
        links = [QuestionnaireAnswer(answer_id=answer_repo.get_by_title(s, a).id, r_position=i + 1)
                 for i, a in enumerate(answers)]
        questionnaire_repo.add(s, QuestionnaireItem(project_id=project.id, question_id=q.id, sequence=seq,
                                                    type=qtype, answers=links))
