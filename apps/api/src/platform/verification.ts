/**
 * Verification (DESIGN §6): codes and links sent through the outbox, checked, throttled and
 * used once. Registration, login by code, forgotten passwords and email or mobile changes all
 * use it; none has code logic of its own.
 */
export {
  CODE_TTL_SECONDS,
  LINK_TTL_SECONDS,
  MEMBER_SCOPED_PURPOSES,
  throttleRequest,
  VERIFICATION_WINDOW_SECONDS,
  type IssueRequest,
  type MessageText,
  type VerificationRow,
  type VerificationSubject,
} from './verification/subjects';
export {
  checkCode,
  codeCheckFailure,
  issueCode,
  type CodeCheck,
  type CodeCheckError,
} from './verification/codes';
export {
  consumeLink,
  findLink,
  issueLink,
  issueToken,
  retireOutstandingOf,
  retireUserLinks,
} from './verification/links';
