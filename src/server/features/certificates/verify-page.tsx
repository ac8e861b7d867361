import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatDate } from '#shared/format.ts';
import { cpdHoursFromMinutes } from '#shared/schemas/certificates.ts';
import { PROVIDER_NAME } from './certificate-links.presenter.ts';
import type { CertificateRow } from './certificates.service.ts';

// The public verification page, rendered here as plain HTML (no client JavaScript): link previews and people
// without the app see everything in the first response. It links the app's built stylesheet (Tailwind scans this
// folder, see src/client/styles/globals.css) and shows no email or other personal data beyond the printed name.

const clientDir = fileURLToPath(new URL('../../../../dist/client', import.meta.url));
let stylesheets: string[] | undefined;

/** The built app's stylesheet(s), read once from its index.html; none when the client is not built (tests). */
function appStylesheets(): string[] {
  if (stylesheets) return stylesheets;
  try {
    const html = fs.readFileSync(`${clientDir}/index.html`, 'utf8');
    stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  } catch {
    stylesheets = [];
  }
  return stylesheets;
}

interface PageProps {
  row: CertificateRow;
  url: string;
  publicUrl: string;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg bg-navy-50 px-4 py-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-navy-600">{label}</dt>
      <dd className="mt-1 font-semibold text-navy-900">{children}</dd>
    </div>
  );
}

interface ShellProps {
  title: string;
  description: string;
  /** The canonical address; none for the not-found page. */
  url?: string;
  publicUrl: string;
  children: React.ReactNode;
}

/** The certificate pages' frame: head, TradeSkills header, centred column. */
function Shell({ title, description, url, publicUrl, children }: ShellProps) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="theme-color" content="#15233d" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={PROVIDER_NAME} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {url ? <meta property="og:url" content={url} /> : null}
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {url ? <link rel="canonical" href={url} /> : null}
        {appStylesheets().map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-800 antialiased">
        <header className="bg-navy-900 text-white">
          <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-4">
            <a href={publicUrl} className="text-lg font-bold tracking-tight text-white no-underline">
              Trade<span className="text-safety-400">Skills</span>
            </a>
            <span className="text-sm text-navy-200">Certificate check</span>
          </div>
        </header>
        <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">{children}</main>
      </body>
    </html>
  );
}

function CertificatePage({ row, url, publicUrl }: PageProps) {
  const revoked = Boolean(row.revokedAt);
  const hours = cpdHoursFromMinutes(row.learningMinutes);
  const title = `${row.holderName}: ${row.courseTitle} · ${PROVIDER_NAME} certificate`;
  const description = revoked
    ? `This ${PROVIDER_NAME} certificate was revoked.`
    : `${row.holderName} completed ${row.courseTitle} with ${PROVIDER_NAME} on ${formatDate(row.completedAt)}. CPD certificate of completion${hours > 0 ? `, ${hours} CPD hours` : ''}.`;
  return (
    <Shell title={title} description={description} url={url} publicUrl={publicUrl}>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className={revoked ? 'h-2 bg-red-600' : 'h-2 bg-safety-500'} />
        <div className="p-6 sm:p-10">
          <p
            data-testid="certificate-status"
            className={
              revoked
                ? 'inline-flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-700'
                : 'inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-700'
            }
          >
            {revoked ? `Revoked on ${formatDate(row.revokedAt!)}` : 'Valid certificate'}
          </p>
          <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-safety-600">
            CPD certificate of completion
          </p>
          <h1 className="mt-2 text-3xl font-bold text-navy-900 sm:text-4xl">{row.holderName}</h1>
          <p className="mt-3 text-slate-600">has completed the {PROVIDER_NAME} course</p>
          <p className="mt-1 text-xl font-semibold text-slate-900 sm:text-2xl">{row.courseTitle}</p>
          <dl className="mt-8 grid gap-3 sm:grid-cols-3">
            <Fact label="Completed">{formatDate(row.completedAt)}</Fact>
            <Fact label="CPD hours">{hours > 0 ? hours : 'Not stated'}</Fact>
            <Fact label="Issued">{formatDate(row.issuedAt)}</Fact>
          </dl>
          {revoked ? (
            <p className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              {PROVIDER_NAME} revoked this certificate on {formatDate(row.revokedAt!)}. It no longer confirms
              completion of the course.
            </p>
          ) : null}
          <div className="mt-8 border-t border-slate-200 pt-6 text-sm text-slate-600">
            <p>
              Certificate ID <span className="break-all font-mono text-slate-900">{row.code}</span>
            </p>
            <p className="mt-2">
              CPD (Continuing Professional Development) record: 1 CPD hour per hour of learning. A record of
              completed training, not a regulated qualification.
            </p>
            <p className="mt-4">
              <a
                className="font-semibold text-navy-700 underline"
                href={`/api/certificates/${row.code}/credential`}
              >
                Open Badges 3.0 credential (signed JSON)
              </a>
            </p>
          </div>
        </div>
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">
        Issued by {PROVIDER_NAME}. This page is the authoritative record of this certificate.
      </p>
    </Shell>
  );
}

export function renderVerifyPage(props: PageProps): string {
  return `<!doctype html>${renderToStaticMarkup(<CertificatePage {...props} />)}`;
}

/** A code that matches no certificate (mistyped, or cut short when copied): sent with status 404. */
function NotFoundPage({ publicUrl }: { publicUrl: string }) {
  return (
    <Shell
      title={`Certificate not found · ${PROVIDER_NAME}`}
      description={`No ${PROVIDER_NAME} certificate has this ID.`}
      publicUrl={publicUrl}
    >
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="h-2 bg-slate-300" />
        <div className="p-6 sm:p-10">
          <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">Certificate not found</h1>
          <p className="mt-3 text-slate-600">
            No {PROVIDER_NAME} certificate has this ID. Check the link or the ID for a typing mistake: it is
            printed at the foot of the certificate, and the link on the PDF opens this page directly.
          </p>
          <p className="mt-6">
            <a className="font-semibold text-navy-700 underline" href={publicUrl}>
              Go to the {PROVIDER_NAME} home page
            </a>
          </p>
        </div>
      </div>
    </Shell>
  );
}

export function renderNotFoundPage(publicUrl: string): string {
  return `<!doctype html>${renderToStaticMarkup(<NotFoundPage publicUrl={publicUrl} />)}`;
}
