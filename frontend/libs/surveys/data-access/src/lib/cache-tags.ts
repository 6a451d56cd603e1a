// Cache tags of the surveys endpoints: lists provide LIST; every change invalidates the lists it affects.
import { surveysApi, type AppError } from '@frontend/shared-api';

type Tag = 'Question' | 'Answer' | 'Questionnaire' | 'Logic' | 'Comment' | 'CommentProject';
const L = (type: Tag) => [{ type, id: 'LIST' as const }];

surveysApi.enhanceEndpoints({
  addTagTypes: ['Question', 'Answer', 'Questionnaire', 'Logic', 'Comment', 'CommentProject'],
  endpoints: {
    surveysListQuestions: { providesTags: L('Question') },
    surveysCreateQuestion: { invalidatesTags: L('Question') },
    surveysUpdateQuestion: { invalidatesTags: [...L('Question'), ...L('Questionnaire')] },
    surveysDeleteLangQuestion: { invalidatesTags: [...L('Question'), ...L('Questionnaire')] },
    surveysListAnswers: { providesTags: L('Answer') },
    surveysCreateAnswer: { invalidatesTags: L('Answer') },
    surveysUpdateAnswer: { invalidatesTags: [...L('Answer'), ...L('Questionnaire')] },
    surveysDeleteAnswer: { invalidatesTags: L('Answer') },
    surveysGetQuestionnaire: { providesTags: L('Questionnaire') },
    surveysAddQuestionnaireQuestion: { invalidatesTags: L('Questionnaire') },
    surveysRemoveQuestionnaireQuestion: { invalidatesTags: [...L('Questionnaire'), ...L('Logic')] },
    surveysCopyQuestionnaire: { invalidatesTags: [...L('Questionnaire'), ...L('Logic')] },
    surveysChangeSequence: { invalidatesTags: L('Questionnaire') },
    surveysUpdateResponses: { invalidatesTags: L('Questionnaire') },
    surveysChangeResponseOrder: { invalidatesTags: L('Questionnaire') },
    surveysListLogic: { providesTags: L('Logic') },
    surveysCreateLogic: { invalidatesTags: L('Logic') },
    surveysUpdateLogic: { invalidatesTags: L('Logic') },
    surveysDeleteLogic: { invalidatesTags: L('Logic') },
    // A survey refused as not fitting the questionnaire (422: a question or answer a manager removed, or a required
    // question added, while the call went on) reads the questionnaire and its logic again, so the call screen shows
    // the questionnaire as it is now; the answers to questions still in it are kept (docs/decisions.md, "Two people
    // at once").
    surveysSaveCallSurvey: {
      invalidatesTags: (_result, error) => ((error as AppError | undefined)?.status === 422 ? [...L('Questionnaire'), ...L('Logic')] : []),
    },
    surveysListComments: { providesTags: L('Comment') },
    surveysCommentProjects: { providesTags: L('CommentProject') },
    surveysSaveCleaned: { invalidatesTags: [...L('Comment'), ...L('CommentProject')] },
    surveysChangeStatus: { invalidatesTags: [...L('Comment'), ...L('CommentProject')] },
  },
});

/** Importing this module (any surveys screen does, through the index) applies the tags above. */
export const SURVEYS_CACHE_TAGS = true;
