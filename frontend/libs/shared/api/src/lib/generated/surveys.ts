import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
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
          search: queryArg.search,
          skip: queryArg.skip,
          limit: queryArg.limit,
          orderBy: queryArg.orderBy,
          orderDir: queryArg.orderDir,
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
  }),
  overrideExisting: false,
});
export { injectedRtkApi as surveysApi };
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
  projectId?: number | null;
  languageId?: number;
  search?: string | null;
  skip?: number;
  limit?: number;
  orderBy?: string | null;
  orderDir?: "ASC" | "DESC" | "asc" | "desc";
};
export type SurveysAddQuestionnaireQuestionApiResponse =
  /** status 201 Successful Response */ DataResponseQuestionnaireItemRead;
export type SurveysAddQuestionnaireQuestionApiArg = {
  questionnaireItemCreate: QuestionnaireItemCreate;
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
export type ListResponseAnswerRead = {
  count: number;
  rows: AnswerRead[];
};
export type ErrorBody = {
  message: string;
  statusCode: number;
};
export type ValidationError = {
  ctx?: object;
  input?: any;
  loc: (string | number)[];
  msg: string;
  type: string;
};
export type HttpValidationError = {
  detail?: ValidationError[];
};
export type DataResponseAnswerRead = {
  data: AnswerRead;
  message?: string;
};
export type LangAnswerIn = {
  ansText: string;
  id?: number | null;
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
  isPut?: boolean;
  projectId: number;
  survey: SurveyEntry[];
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
  langId: number;
  quesText: string;
};
export type QuestionCreate = {
  category?: string | null;
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
export type Message = {
  message: string;
};
export type ItemAnswerRead = {
  id: number;
  rPosition: number;
  text: string | null;
  title: string;
};
export type ItemQuestionRead = {
  id: number;
  isQuestion: boolean;
  text: string | null;
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
export const {
  useSurveysListAnswersQuery,
  useLazySurveysListAnswersQuery,
  useSurveysCreateAnswerMutation,
  useSurveysUpdateAnswerMutation,
  useSurveysSaveCallSurveyMutation,
  useSurveysDeleteLangQuestionMutation,
  useSurveysListQuestionsQuery,
  useLazySurveysListQuestionsQuery,
  useSurveysCreateQuestionMutation,
  useSurveysUpdateQuestionMutation,
  useSurveysRemoveQuestionnaireQuestionMutation,
  useSurveysGetQuestionnaireQuery,
  useLazySurveysGetQuestionnaireQuery,
  useSurveysAddQuestionnaireQuestionMutation,
} = injectedRtkApi;
