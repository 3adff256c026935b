import type { Transporter } from 'nodemailer';
import type { Env } from '../config/env';
import type { Transports } from './outbox';

/** The transports the environment configures: SMTP for email, an HTTP gateway for SMS. */
export function transportsFromEnv(env: Env): Transports {
  const transports: Transports = {};
  if (env.SMTP_URL) {
    const smtpUrl = env.SMTP_URL;
    // nodemailer (300 KB of the bundle) is loaded with the first email, not at every start.
    let mailer: Promise<Transporter> | undefined;
    transports.email = async (m, files) => {
      mailer ??= import('nodemailer').then(
        ({ default: nodemailer }) => nodemailer.createTransport(smtpUrl),
        (err: unknown) => {
          mailer = undefined; // the next email tries again
          throw err;
        },
      );
      await (
        await mailer
      ).sendMail({
        from: env.MAIL_FROM,
        to: m.to,
        subject: m.subject ?? '',
        text: m.body,
        attachments: files.map((f) => ({
          filename: f.filename,
          content: f.content,
          contentType: f.contentType,
        })),
      });
    };
  }
  if (env.SMS_GATEWAY_URL) {
    const url = env.SMS_GATEWAY_URL;
    transports.sms = async (m) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: m.to, text: m.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    };
  }
  return transports;
}
