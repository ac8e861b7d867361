import nodemailer from 'nodemailer';
import type { OutgoingEmail, Transport } from './outbox.service.ts';

/** nodemailer over SMTP_URL, or null when no relay is configured (emails stay in the admin mailbox). */
export function createTransport(smtpUrl: string | undefined, from: string): Transport {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (email: OutgoingEmail) => {
    await transporter.sendMail({
      from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      attachments: email.attachments,
    });
  };
}
