/**
 * Mail leaves the service through this port: locally an outbox that nothing leaves (the stack
 * prints each message), on AWS Amazon SES. The only mail today is the dashboard's sign-in link.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: links stay visible and copyable whatever the mail client does with HTML. */
  text: string;
}

export interface MailPort {
  send(message: MailMessage): Promise<void>;
}
