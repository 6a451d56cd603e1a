import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    surveysDeleteAnswer: build.mutation<
      SurveysDeleteAnswerApiResponse,
      SurveysDeleteAnswerApiArg
    >({
      query: (queryArg) => ({
        url: `/answer`,
        method: "DELETE",
        params: {
          id: queryArg.id,
          langAnswerId: queryArg.langAnswerId,
        },
      }),
    }),
    surveysListAnswers: build.query<
      SurveysListAnswersApiResponse,
      SurveysListAnswersApiArg
    >({
      query: (queryArg) => ({
        url: `/answer`,
        params: {
          search: queryArg.search,
          questionnaire: queryArg.questionnaire,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    surveysCreateAnswer: build.mutation<
      SurveysCreateAnswerApiResponse,
      SurveysCreateAnswerApiArg
    >({
      query: (queryArg) => ({
        url: `/answer`,
        method: "POST",
        body: queryArg.answerCreate,
      }),
    }),
    surveysUpdateAnswer: build.mutation<
      SurveysUpdateAnswerApiResponse,
      SurveysUpdateAnswerApiArg
    >({
      query: (queryArg) => ({
        url: `/answer`,
        method: "PUT",
        body: queryArg.answerUpdate,
      }),
    }),
    surveysSaveCallSurvey: build.mutation<
      SurveysSaveCallSurveyApiResponse,
      SurveysSaveCallSurveyApiArg
    >({
      query: (queryArg) => ({
        url: `/call-survey`,
        method: "POST",
        body: queryArg.callSurveySave,
      }),
    }),
    surveysListComments: build.query<
      SurveysListCommentsApiResponse,
      SurveysListCommentsApiArg
    >({
      query: (queryArg) => ({
        url: `/comments`,
        params: {
          managerId: queryArg.managerId,
          projectId: queryArg.projectId,
          quesId: queryArg.quesId,
          skip: queryArg.skip,
          limit: queryArg.limit,
        },
      }),
    }),
    surveysSaveCleaned: build.mutation<
      SurveysSaveCleanedApiResponse,
      SurveysSaveCleanedApiArg
    >({
      query: (queryArg) => ({
        url: `/comments`,
        method: "POST",
        body: queryArg.cleanedCommentSave,
      }),
    }),
    surveysChangeStatus: build.mutation<
      SurveysChangeStatusApiResponse,
      SurveysChangeStatusApiArg
    >({
      query: (queryArg) => ({
        url: `/comments`,
        method: "PUT",
        body: queryArg.commentStatusChange,
      }),
    }),
    surveysCommentProjects: build.query<
      SurveysCommentProjectsApiResponse,
      SurveysCommentProjectsApiArg
    >({
      query: (queryArg) => ({
        url: `/comments/projects`,
        params: {
          managerId: queryArg.managerId,
          search: queryArg.search,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    surveysSearchSurveysPhiAudit: build.query<
      SurveysSearchSurveysPhiAuditApiResponse,
      SurveysSearchSurveysPhiAuditApiArg
    >({
      query: (queryArg) => ({
        url: `/phi-audit/surveys`,
        params: {
          userId: queryArg.userId,
          visitId: queryArg.visitId,
          patient: queryArg.patient,
          from: queryArg["from"],
          to: queryArg.to,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    surveysExportSurveysPhiAudit: build.query<
      SurveysExportSurveysPhiAuditApiResponse,
      SurveysExportSurveysPhiAuditApiArg
    >({
      query: (queryArg) => ({
        url: `/phi-audit/surveys/export`,
        params: {
          userId: queryArg.userId,
          visitId: queryArg.visitId,
          patient: queryArg.patient,
          from: queryArg["from"],
          to: queryArg.to,
        },
      }),
    }),
    surveysDeleteLangQuestion: build.mutation<
      SurveysDeleteLangQuestionApiResponse,
      SurveysDeleteLangQuestionApiArg
    >({
      query: (queryArg) => ({
        url: `/question`,
        method: "DELETE",
        params: {
          langQuestionId: queryArg.langQuestionId,
        },
      }),
    }),
    surveysListQuestions: build.query<
      SurveysListQuestionsApiResponse,
      SurveysListQuestionsApiArg
    >({
      query: (queryArg) => ({
        url: `/question`,
        params: {
          search: queryArg.search,
          questionnaire: queryArg.questionnaire,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
        },
      }),
    }),
    surveysCreateQuestion: build.mutation<
      SurveysCreateQuestionApiResponse,
      SurveysCreateQuestionApiArg
    >({
      query: (queryArg) => ({
        url: `/question`,
        method: "POST",
        body: queryArg.questionCreate,
      }),
    }),
    surveysUpdateQuestion: build.mutation<
      SurveysUpdateQuestionApiResponse,
      SurveysUpdateQuestionApiArg
    >({
      query: (queryArg) => ({
        url: `/question`,
        method: "PUT",
        body: queryArg.questionUpdate,
      }),
    }),
    surveysQuestionProjectList: build.query<
      SurveysQuestionProjectListApiResponse,
      SurveysQuestionProjectListApiArg
    >({
      query: (queryArg) => ({
        url: `/question/project-list`,
        params: {
          id: queryArg.id,
        },
      }),
    }),
    surveysRemoveQuestionnaireQuestion: build.mutation<
      SurveysRemoveQuestionnaireQuestionApiResponse,
      SurveysRemoveQuestionnaireQuestionApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire`,
        method: "DELETE",
        params: {
          projectId: queryArg.projectId,
          sequence: queryArg.sequence,
          ansId: queryArg.ansId,
        },
      }),
    }),
    surveysGetQuestionnaire: build.query<
      SurveysGetQuestionnaireApiResponse,
      SurveysGetQuestionnaireApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire`,
        params: {
          projectId: queryArg.projectId,
          languageId: queryArg.languageId,
          questionnaire: queryArg.questionnaire,
          managerId: queryArg.managerId,
          search: queryArg.search,
          isManager: queryArg.isManager,
          userId: queryArg.userId,
          isPaginated: queryArg.isPaginated,
          includeEmpty: queryArg.includeEmpty,
          projectIds: queryArg.projectIds,
          skip: queryArg.skip,
          limit: queryArg.limit,
        },
      }),
    }),
    surveysAddQuestionnaireQuestion: build.mutation<
      SurveysAddQuestionnaireQuestionApiResponse,
      SurveysAddQuestionnaireQuestionApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire`,
        method: "POST",
        body: queryArg.questionnaireItemCreate,
      }),
    }),
    surveysChangeResponseOrder: build.mutation<
      SurveysChangeResponseOrderApiResponse,
      SurveysChangeResponseOrderApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire/change-response-order`,
        method: "PUT",
        body: queryArg.responseOrderChange,
      }),
    }),
    surveysChangeSequence: build.mutation<
      SurveysChangeSequenceApiResponse,
      SurveysChangeSequenceApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire/change-sequence`,
        method: "PUT",
        body: queryArg.sequenceChange,
      }),
    }),
    surveysCopyQuestionnaire: build.mutation<
      SurveysCopyQuestionnaireApiResponse,
      SurveysCopyQuestionnaireApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire/copy`,
        method: "PUT",
        body: queryArg.questionnaireCopy,
      }),
    }),
    surveysDeleteLogic: build.mutation<
      SurveysDeleteLogicApiResponse,
      SurveysDeleteLogicApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire/logic`,
        method: "DELETE",
        params: {
          id: queryArg.id,
        },
      }),
    }),
    surveysListLogic: build.query<
      SurveysListLogicApiResponse,
      SurveysListLogicApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire/logic`,
        params: {
          projectId: queryArg.projectId,
          managerId: queryArg.managerId,
          surveyorId: queryArg.surveyorId,
          isSvProject: queryArg.isSvProject,
          isDeleted: queryArg.isDeleted,
          languageId: queryArg.languageId,
        },
      }),
    }),
    surveysCreateLogic: build.mutation<
      SurveysCreateLogicApiResponse,
      SurveysCreateLogicApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire/logic`,
        method: "POST",
        body: queryArg.logicRuleIn,
      }),
    }),
    surveysUpdateLogic: build.mutation<
      SurveysUpdateLogicApiResponse,
      SurveysUpdateLogicApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire/logic`,
        method: "PUT",
        body: queryArg.logicRuleUpdate,
      }),
    }),
    surveysUpdateResponses: build.mutation<
      SurveysUpdateResponsesApiResponse,
      SurveysUpdateResponsesApiArg
    >({
      query: (queryArg) => ({
        url: `/questionnaire/update-responses`,
        method: "POST",
        body: queryArg.responsesUpdate,
      }),
    }),
    surveysSurvey: build.query<SurveysSurveyApiResponse, SurveysSurveyApiArg>({
      query: (queryArg) => ({
        url: `/survey`,
        params: {
          projectId: queryArg.projectId,
          from: queryArg["from"],
          to: queryArg.to,
          surveyorId: queryArg.surveyorId,
          languageId: queryArg.languageId,
        },
      }),
    }),
    surveysSurveyExport: build.query<
      SurveysSurveyExportApiResponse,
      SurveysSurveyExportApiArg
    >({
      query: (queryArg) => ({
        url: `/survey-export`,
        params: {
          projectId: queryArg.projectId,
          from: queryArg["from"],
          to: queryArg.to,
          surveyorId: queryArg.surveyorId,
          languageId: queryArg.languageId,
        },
      }),
    }),
    surveysExportSurveyors: build.query<
      SurveysExportSurveyorsApiResponse,
      SurveysExportSurveyorsApiArg
    >({
      query: (queryArg) => ({
        url: `/survey-export/surveyors`,
        params: {
          projectId: queryArg.projectId,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as surveysApi };
export type SurveysDeleteAnswerApiResponse =
  /** status 200 Successful Response */ DataResponseUnionAnswerReadNoneType;
export type SurveysDeleteAnswerApiArg = {
  id?: number | null;
  langAnswerId?: number | null;
};
export type SurveysListAnswersApiResponse =
  /** status 200 Successful Response */ ListResponseAnswerRead;
export type SurveysListAnswersApiArg = {
  search?: string | null;
  /** true: only active answers (for the questionnaire builder) */
  questionnaire?: boolean;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type SurveysCreateAnswerApiResponse =
  /** status 201 Successful Response */ DataResponseAnswerRead;
export type SurveysCreateAnswerApiArg = {
  answerCreate: AnswerCreate;
};
export type SurveysUpdateAnswerApiResponse =
  /** status 200 Successful Response */ DataResponseAnswerRead;
export type SurveysUpdateAnswerApiArg = {
  answerUpdate: AnswerUpdate;
};
export type SurveysSaveCallSurveyApiResponse =
  /** status 200 Successful Response */ DataResponseCallSurveyRead;
export type SurveysSaveCallSurveyApiArg = {
  callSurveySave: CallSurveySave;
};
export type SurveysListCommentsApiResponse =
  /** status 200 Successful Response */ ListResponseCommentRead;
export type SurveysListCommentsApiArg = {
  managerId?: number | null;
  projectId?: number | null;
  /** only the open-ended answers of this question */
  quesId?: number | null;
  skip?: number;
  limit?: number;
};
export type SurveysSaveCleanedApiResponse =
  /** status 200 Successful Response */ DataResponseCommentSaved;
export type SurveysSaveCleanedApiArg = {
  cleanedCommentSave: CleanedCommentSave;
};
export type SurveysChangeStatusApiResponse =
  /** status 200 Successful Response */ DataResponseCommentPart;
export type SurveysChangeStatusApiArg = {
  commentStatusChange: CommentStatusChange;
};
export type SurveysCommentProjectsApiResponse =
  /** status 200 Successful Response */ ListResponseCommentProjectRead;
export type SurveysCommentProjectsApiArg = {
  managerId?: number | null;
  search?: string | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type SurveysSearchSurveysPhiAuditApiResponse =
  /** status 200 Successful Response */ ListResponsePhiAccessRead;
export type SurveysSearchSurveysPhiAuditApiArg = {
  userId?: number | null;
  visitId?: number | null;
  /** the patient's id (MRN / visitor id) */
  patient?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  from?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  to?: string | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type SurveysExportSurveysPhiAuditApiResponse = /** status 200 CSV */ any;
export type SurveysExportSurveysPhiAuditApiArg = {
  userId?: number | null;
  visitId?: number | null;
  /** the patient's id (MRN / visitor id) */
  patient?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  from?: string | null;
  /** YYYY-MM-DD, a whole America/Chicago day, included */
  to?: string | null;
};
export type SurveysDeleteLangQuestionApiResponse =
  /** status 200 Successful Response */ DataResponseQuestionRead;
export type SurveysDeleteLangQuestionApiArg = {
  langQuestionId: number;
};
export type SurveysListQuestionsApiResponse =
  /** status 200 Successful Response */ ListResponseQuestionRead;
export type SurveysListQuestionsApiArg = {
  search?: string | null;
  /** true: only active questions (for the questionnaire builder) */
  questionnaire?: boolean;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type SurveysCreateQuestionApiResponse =
  /** status 201 Successful Response */ DataResponseQuestionRead;
export type SurveysCreateQuestionApiArg = {
  questionCreate: QuestionCreate;
};
export type SurveysUpdateQuestionApiResponse =
  /** status 200 Successful Response */ DataResponseQuestionRead;
export type SurveysUpdateQuestionApiArg = {
  questionUpdate: QuestionUpdate;
};
export type SurveysQuestionProjectListApiResponse =
  /** status 200 Successful Response */ ListResponseQuestionProjectRead;
export type SurveysQuestionProjectListApiArg = {
  id: number;
};
export type SurveysRemoveQuestionnaireQuestionApiResponse =
  /** status 200 Successful Response */ Message;
export type SurveysRemoveQuestionnaireQuestionApiArg = {
  projectId: number;
  sequence: number;
  ansId?: number | null;
};
export type SurveysGetQuestionnaireApiResponse =
  | /** status 200 Successful Response */ ListResponseQuestionnaireItemRead
  | ListResponseQuestionnaireProjectRead;
export type SurveysGetQuestionnaireApiArg = {
  /** one project's questionnaire */
  projectId?: number | null;
  /** texts in this language, English where missing */
  languageId?: number;
  /** with projectId: only active (not deactivated) questions */
  questionnaire?: boolean;
  /** with projectId: the project's manager */
  managerId?: number | null;
  /** list: project name, 2+ characters */
  search?: string | null;
  /** list: only the projects of userId */
  isManager?: boolean;
  userId?: number | null;
  /** list: false returns every row */
  isPaginated?: boolean;
  /** list: also the projects without a questionnaire (pickers) */
  includeEmpty?: boolean;
  /** list: only these projects, comma-separated ids (one page of a project list in one call) */
  projectIds?: string | null;
  skip?: number;
  limit?: number;
};
export type SurveysAddQuestionnaireQuestionApiResponse =
  /** status 201 Successful Response */ DataResponseQuestionnaireItemRead;
export type SurveysAddQuestionnaireQuestionApiArg = {
  questionnaireItemCreate: QuestionnaireItemCreate;
};
export type SurveysChangeResponseOrderApiResponse =
  /** status 200 Successful Response */ DataResponseQuestionnaireItemRead;
export type SurveysChangeResponseOrderApiArg = {
  responseOrderChange: ResponseOrderChange;
};
export type SurveysChangeSequenceApiResponse =
  /** status 200 Successful Response */ Message;
export type SurveysChangeSequenceApiArg = {
  sequenceChange: SequenceChange;
};
export type SurveysCopyQuestionnaireApiResponse =
  /** status 200 Successful Response */ DataResponseCopyResult;
export type SurveysCopyQuestionnaireApiArg = {
  questionnaireCopy: QuestionnaireCopy;
};
export type SurveysDeleteLogicApiResponse =
  /** status 200 Successful Response */ Message;
export type SurveysDeleteLogicApiArg = {
  id: number;
};
export type SurveysListLogicApiResponse =
  /** status 200 Successful Response */ ListResponseLogicRuleRead;
export type SurveysListLogicApiArg = {
  projectId?: number | null;
  managerId?: number | null;
  surveyorId?: number | null;
  /** true: read as the surveyor of an assigned project (needs projectId and surveyorId) */
  isSvProject?: boolean;
  isDeleted?: boolean;
  /** texts in this language, English where missing (any language id, also one added after the twelve) */
  languageId?: number;
};
export type SurveysCreateLogicApiResponse =
  /** status 201 Successful Response */ DataResponseLogicRuleRead;
export type SurveysCreateLogicApiArg = {
  logicRuleIn: LogicRuleIn;
};
export type SurveysUpdateLogicApiResponse =
  /** status 200 Successful Response */ DataResponseLogicRuleRead;
export type SurveysUpdateLogicApiArg = {
  logicRuleUpdate: LogicRuleUpdate;
};
export type SurveysUpdateResponsesApiResponse =
  /** status 200 Successful Response */ DataResponseQuestionnaireItemRead;
export type SurveysUpdateResponsesApiArg = {
  responsesUpdate: ResponsesUpdate;
};
export type SurveysSurveyApiResponse =
  /** status 200 the survey answers as CSV (with BOM) */ string;
export type SurveysSurveyApiArg = {
  projectId: number;
  from?: string | null;
  to?: string | null;
  surveyorId?: number | null;
  languageId?: number | null;
};
export type SurveysSurveyExportApiResponse =
  /** status 200 the survey answers as CSV (with BOM) */ string;
export type SurveysSurveyExportApiArg = {
  projectId: number;
  from?: string | null;
  to?: string | null;
  surveyorId?: number | null;
  languageId?: number | null;
};
export type SurveysExportSurveyorsApiResponse =
  /** status 200 Successful Response */ ListResponseExportSurveyor;
export type SurveysExportSurveyorsApiArg = {
  projectId: number;
};
export type LangAnswerRead = {
  ansText: string;
  id: number;
  langId: number;
};
export type AnswerRead = {
  id: number;
  isAns: boolean;
  langAnswers: LangAnswerRead[];
  title: string;
};
export type DataResponseUnionAnswerReadNoneType = {
  data: AnswerRead | null;
  message?: string;
};
export type ErrorBody = {
  message: string;
  statusCode: number;
};
export type ListResponseAnswerRead = {
  count: number;
  rows: AnswerRead[];
};
export type DataResponseAnswerRead = {
  data: AnswerRead;
  message?: string;
};
export type LangAnswerIn = {
  ansText: string;
  id?: number | null;
  /** one of the survey languages (checked against the twelve and those added since) */
  langId: number;
};
export type AnswerCreate = {
  langAnswers: LangAnswerIn[];
  title: string;
};
export type AnswerUpdate = {
  id: number;
  isAns?: boolean | null;
  langAnswers?: LangAnswerIn[] | null;
  title?: string | null;
};
export type SurveyAnswerRead = {
  ansId: number | null;
  callId: number;
  id: number;
  openEnded: string | null;
  projectId: number;
  quesId: number;
  sequence: number;
  uniqueId: string;
};
export type CallSurveyRead = {
  answers: SurveyAnswerRead[];
  callId: number;
  projectId: number;
};
export type DataResponseCallSurveyRead = {
  data: CallSurveyRead;
  message?: string;
};
export type SurveyEntry = {
  ansId?: number | null;
  openEnded?: string | null;
  quesId: number;
  sequence?: number | null;
};
export type CallSurveySave = {
  callId: number;
  /** the surveyor ticked Partial Survey (the call ends as partial): required questions may stay unanswered; every other check of the answers still applies */
  isPartial?: boolean;
  isPut?: boolean;
  languageId?: number | null;
  projectId: number;
  rosterValues?: {
    [key: string]: string | null;
  };
  survey: SurveyEntry[];
};
export type CallHistory = {
  callId: number;
  departmentName: string | null;
  dos: string | null;
  languageId: number | null;
  patientFullName: string | null;
  providerName: string | null;
  siteName: string | null;
  surveyLanguageId: number | null;
  surveyedOn: string | null;
  user: number | null;
};
export type CommentPart = {
  cleaned: string | null;
  id: number;
  markCleaned: number;
  normal: string;
  nsm: string | null;
};
export type CommentQuestion = {
  id: number;
  title: string;
};
export type CommentRead = {
  ch: CallHistory | null;
  cleaned: string | null;
  id: number;
  markCleaned: number | null;
  negative: CommentPart | null;
  normal: string | null;
  nsm: string | null;
  positive: CommentPart | null;
  projectId: number;
  question: CommentQuestion | null;
  type: number;
};
export type ListResponseCommentRead = {
  count: number;
  rows: CommentRead[];
};
export type CommentSaved = {
  ids: number[];
};
export type DataResponseCommentSaved = {
  data: CommentSaved;
  message?: string;
};
export type CleanedCommentSave = {
  cleaned?: string | null;
  id?: number | null;
  negativeId?: number | null;
  negativeNormal?: string | null;
  negativeWNSM?: string | null;
  negativeWoNSM?: string | null;
  normal?: string | null;
  nsm?: string | null;
  positiveId?: number | null;
  positiveNormal?: string | null;
  positiveWNSM?: string | null;
  positiveWoNSM?: string | null;
  projectId: number;
};
export type DataResponseCommentPart = {
  data: CommentPart;
  message?: string;
};
export type CommentStatusChange = {
  id: number;
  markCleaned?: boolean | null;
  processing?: boolean | null;
  projectId: number;
};
export type CommentProjectRead = {
  cleaned: number;
  id: number;
  isLocked: boolean;
  name: string;
  oldestUncleanedSurveyedOn: string | null;
  total: number;
};
export type ListResponseCommentProjectRead = {
  count: number;
  rows: CommentProjectRead[];
};
export type PhiAccessRead = {
  action: string;
  at: string;
  export: string | null;
  id: number;
  ip: string;
  patient: string | null;
  service: string;
  userId: number;
  userName: string;
  userRole: number;
  visitId: number | null;
};
export type ListResponsePhiAccessRead = {
  count: number;
  rows: PhiAccessRead[];
};
export type LangQuestionRead = {
  id: number;
  langId: number;
  quesText: string;
};
export type QuestionRead = {
  category: string | null;
  id: number;
  isQuestion: boolean;
  langQuestions: LangQuestionRead[];
  title: string;
};
export type DataResponseQuestionRead = {
  data: QuestionRead;
  message?: string;
};
export type ListResponseQuestionRead = {
  count: number;
  rows: QuestionRead[];
};
export type LangQuestionIn = {
  id?: number | null;
  /** one of the survey languages (checked against the twelve and those added since) */
  langId: number;
  quesText: string;
};
export type QuestionCreate = {
  category: string;
  langQuestions: LangQuestionIn[];
  title: string;
};
export type QuestionUpdate = {
  category?: string | null;
  id: number;
  isQuestion?: boolean | null;
  langQuestions?: LangQuestionIn[] | null;
  title?: string | null;
};
export type QuestionProjectRead = {
  id: number;
  name: string;
};
export type ListResponseQuestionProjectRead = {
  count: number;
  rows: QuestionProjectRead[];
};
export type Message = {
  message: string;
};
export type ItemAnswerRead = {
  id: number;
  rPosition: number;
  text: string | null;
  /** the language `text` is in (English where not translated) */
  textLangId: number | null;
  title: string;
};
export type ItemQuestionRead = {
  id: number;
  isQuestion: boolean;
  text: string | null;
  /** the language `text` is in: the requested one, or English (1) where it has no text in the requested one; null: no text */
  textLangId: number | null;
  title: string;
};
export type QuestionnaireItemRead = {
  answers: ItemAnswerRead[];
  projectId: number;
  quesId: number;
  quesSequence: number | null;
  question: ItemQuestionRead;
  sequence: number;
  type: number;
};
export type ListResponseQuestionnaireItemRead = {
  count: number;
  rows: QuestionnaireItemRead[];
};
export type QuestionnaireProjectRead = {
  name: string;
  projectId: number;
  questionCount: number;
};
export type ListResponseQuestionnaireProjectRead = {
  count: number;
  rows: QuestionnaireProjectRead[];
};
export type DataResponseQuestionnaireItemRead = {
  data: QuestionnaireItemRead;
  message?: string;
};
export type AnswerRef = {
  ansId: number;
};
export type AnswerType = 1 | 2 | 3 | 4;
export type QuestionnaireItemCreate = {
  answers?: AnswerRef[];
  languageId?: number | null;
  projectId: number;
  quesId: number;
  sequence?: number | null;
  type: AnswerType;
};
export type ResponseOrderChange = {
  ansId: number;
  isInc: boolean;
  languageId?: number | null;
  projectId: number;
  sequence: number;
};
export type SequenceChange = {
  isInc: boolean;
  projectId: number;
  sequence: number;
};
export type CopyResult = {
  logicCount: number;
  questionCount: number;
  toProjectId: number;
};
export type DataResponseCopyResult = {
  data: CopyResult;
  message?: string;
};
export type QuestionnaireCopy = {
  fromName?: string | null;
  fromProjectId: number;
  includeLogic?: boolean;
  toName?: string | null;
  toProjectId: number;
};
export type LogicQuestionRef = {
  id: number;
  text: string | null;
  title: string;
};
export type LogicRuleRead = {
  affectedQuestionIds: number[];
  affectedQuestions: LogicQuestionRef[];
  answer: LogicQuestionRef | null;
  answerId: number | null;
  id: number;
  isDeleted: boolean;
  projectId: number;
  question: LogicQuestionRef | null;
  questionId: number | null;
  rosterField: string | null;
  rosterValue: string | null;
  viaRoster: boolean;
};
export type ListResponseLogicRuleRead = {
  count: number;
  rows: LogicRuleRead[];
};
export type DataResponseLogicRuleRead = {
  data: LogicRuleRead;
  message?: string;
};
export type LogicRuleIn = {
  affectedQuestionIds: number[];
  answerId?: number | null;
  projectId: number;
  questionId?: number | null;
  rosterField?: string | null;
  rosterValue?: string | null;
  viaRoster?: boolean;
};
export type LogicRuleUpdate = {
  affectedQuestionIds: number[];
  answerId?: number | null;
  id: number;
  projectId: number;
  questionId?: number | null;
  rosterField?: string | null;
  rosterValue?: string | null;
  viaRoster?: boolean;
};
export type ResponsesUpdate = {
  answers: AnswerRef[];
  languageId?: number | null;
  projectId: number;
  sequence: number;
};
export type ExportSurveyor = {
  email: string | null;
  id: number;
  name: string;
};
export type ListResponseExportSurveyor = {
  count: number;
  rows: ExportSurveyor[];
};
export const {
  useSurveysDeleteAnswerMutation,
  useSurveysListAnswersQuery,
  useLazySurveysListAnswersQuery,
  useSurveysCreateAnswerMutation,
  useSurveysUpdateAnswerMutation,
  useSurveysSaveCallSurveyMutation,
  useSurveysListCommentsQuery,
  useLazySurveysListCommentsQuery,
  useSurveysSaveCleanedMutation,
  useSurveysChangeStatusMutation,
  useSurveysCommentProjectsQuery,
  useLazySurveysCommentProjectsQuery,
  useSurveysSearchSurveysPhiAuditQuery,
  useLazySurveysSearchSurveysPhiAuditQuery,
  useSurveysExportSurveysPhiAuditQuery,
  useLazySurveysExportSurveysPhiAuditQuery,
  useSurveysDeleteLangQuestionMutation,
  useSurveysListQuestionsQuery,
  useLazySurveysListQuestionsQuery,
  useSurveysCreateQuestionMutation,
  useSurveysUpdateQuestionMutation,
  useSurveysQuestionProjectListQuery,
  useLazySurveysQuestionProjectListQuery,
  useSurveysRemoveQuestionnaireQuestionMutation,
  useSurveysGetQuestionnaireQuery,
  useLazySurveysGetQuestionnaireQuery,
  useSurveysAddQuestionnaireQuestionMutation,
  useSurveysChangeResponseOrderMutation,
  useSurveysChangeSequenceMutation,
  useSurveysCopyQuestionnaireMutation,
  useSurveysDeleteLogicMutation,
  useSurveysListLogicQuery,
  useLazySurveysListLogicQuery,
  useSurveysCreateLogicMutation,
  useSurveysUpdateLogicMutation,
  useSurveysUpdateResponsesMutation,
  useSurveysSurveyQuery,
  useLazySurveysSurveyQuery,
  useSurveysSurveyExportQuery,
  useLazySurveysSurveyExportQuery,
  useSurveysExportSurveyorsQuery,
  useLazySurveysExportSurveyorsQuery,
} = injectedRtkApi;
