import nodemailer from 'nodemailer';
import type { AppConfig } from '#server/config.ts';
import type { OutgoingEmail, Transport } from './outbox.service.ts';

/**
 * nodemailer over SMTP_URL, or null when no relay is configured (emails stay in the admin mailbox). The
 * timeouts make a relay that accepts the connection and never answers fail in seconds (README
 * 'Configuration').
 */
export function createTransport(
  smtpUrl: string | undefined,
  from: string,
  timeouts: AppConfig['smtpTimeouts'] = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 },
): Transport {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return async (email: OutgoingEmail) => {
    await transporter.sendMail({
      from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.headers,
      attachments: email.attachments,
    });
  };
}
