// The mail module's server front door: other modules queue mail through
// these, in the transaction of the change that causes the mail.
export { enqueueMail, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "./outbox.server";
export {
  boutiqueAddress,
  brandedMail,
  renderLayout,
  type BrandedMailInput,
  type LayoutInput,
  type MailBlock,
} from "./templates/layout.server";
export {
  staffNotice,
  staffWants,
  type StaffNoticeInput,
  type StaffNoticeSettings,
  type StaffNoticeTopic,
} from "./templates/staff-notice.server";
export type { MailAttachment, MailMessage } from "./types";
// The admins' outbox view (/admin/mail).
export {
  countOutbox,
  isMailStatus,
  listOutbox,
  OUTBOX_PAGE_SIZE,
  retryFailedMail,
  type OutboxEntry,
  type OutboxPage,
  type RetryOutcome,
} from "./outbox-view.server";
