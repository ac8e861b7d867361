import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http.error.ts';
import { ukIsoDate } from '#shared/format.ts';
import { rowsOf } from './record.service.ts';

// The learner record for the 2025-26 collection year (docs/apprenticeships.md "The ILR file"): one Learner per
// apprenticeship active in the year or ended in it, with its ZPROG001 programme aim, in the order schemafile25.xsd
// sets. A record lacking a field the file needs is listed (422) instead of written invalid.

const NAMESPACE = 'ESFA/ILR/2025-26';
export const ILR_YEARS = ['2526'] as const;
/** ILR names allow no digits, line breaks, tabs, pipes or double quotes. */
const ILR_NAME = /^[^0-9\r\n\t|"]{1,100}$/;

interface IlrRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  uln: string | null;
  date_of_birth: string | null;
  sex: string | null;
  ethnicity: number | null;
  postcode: string | null;
  postcode_prior: string | null;
  lldd_health_problem: number | null;
  delivery_postcode: string | null;
  start_date: string;
  end_date: string;
  actual_end_date: string | null;
  end_reason: 'completed' | 'withdrawn' | null;
  planned_otj_hours: number;
  approved_seconds: number;
  std_code: number | null;
}

const xmlEscape = (v: string | number) =>
  String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const el = (name: string, value: string | number | null | undefined, indent: string) =>
  value === null || value === undefined ? '' : `${indent}<${name}>${xmlEscape(value)}</${name}>\n`;

/** What the file needs from the record, by the form's field names. */
function missingFields(r: IlrRow): string[] {
  const missing: string[] = [];
  if (!r.uln) missing.push('uln');
  if (!r.first_name || !ILR_NAME.test(r.first_name)) missing.push('firstName');
  if (!r.last_name || !ILR_NAME.test(r.last_name)) missing.push('lastName');
  if (!r.date_of_birth) missing.push('dateOfBirth');
  if (!r.sex) missing.push('sex');
  if (r.ethnicity === null) missing.push('ethnicity');
  if (r.lldd_health_problem === null) missing.push('llddHealthProblem');
  if (!r.postcode) missing.push('postcode');
  if (!r.postcode_prior) missing.push('postcodePrior');
  if (!r.delivery_postcode) missing.push('deliveryPostcode');
  if (r.std_code === null) missing.push('standardId');
  return missing;
}

/** LearnRefNumber: up to 12 letters and digits, stable per apprenticeship. */
const learnRef = (id: string) => id.replace(/-/g, '').slice(0, 12).toUpperCase();

function learnerXml(r: IlrRow): string {
  const i2 = '\t\t';
  const i3 = '\t\t\t';
  const ended = r.actual_end_date !== null;
  const compStatus = !ended ? 1 : r.end_reason === 'withdrawn' ? 3 : 2;
  return [
    '\t<Learner>\n',
    el('LearnRefNumber', learnRef(r.id), i2),
    el('ULN', r.uln, i2),
    el('FamilyName', r.last_name, i2),
    el('GivenNames', r.first_name, i2),
    el('DateOfBirth', r.date_of_birth, i2),
    el('Ethnicity', r.ethnicity, i2),
    el('Sex', r.sex, i2),
    el('LLDDHealthProb', r.lldd_health_problem, i2),
    el('PostcodePrior', r.postcode_prior, i2),
    el('Postcode', r.postcode, i2),
    `${i2}<LearningDelivery>\n`,
    el('LearnAimRef', 'ZPROG001', i3),
    el('AimType', 1, i3),
    el('AimSeqNumber', 1, i3),
    el('LearnStartDate', r.start_date, i3),
    el('LearnPlanEndDate', r.end_date, i3),
    el('FundModel', 36, i3),
    el('PHours', Math.min(9999, r.planned_otj_hours), i3),
    // Actual hours at the end of the practical period or on withdrawal, whole hours.
    ended ? el('OTJActHours', Math.min(9999, Math.floor(r.approved_seconds / 3600)), i3) : '',
    el('ProgType', 25, i3),
    el('StdCode', r.std_code, i3),
    el('DelLocPostCode', r.delivery_postcode, i3),
    el('CompStatus', compStatus, i3),
    ended ? el('LearnActEndDate', r.actual_end_date, i3) : '',
    `${i2}</LearningDelivery>\n`,
    '\t</Learner>\n',
  ].join('');
}

const unprocessable = (
  message: string,
  code: string,
  learners: { id: string; name: string; missing: string[] }[],
) => new HttpError(422, code, message, { learners });

/** GET /api/admin/ilr.xml?year=2526 */
export async function ilrXml(
  db: Queryable,
  year: (typeof ILR_YEARS)[number],
  ukprn: string | undefined,
  now = new Date(),
) {
  if (!ukprn)
    throw unprocessable(
      'Set UKPRN (the provider’s reference number) to write the ILR file',
      'ILR_NO_UKPRN',
      [],
    );
  const start = `20${year.slice(0, 2)}-08-01`;
  const end = `20${year.slice(2)}-07-31`;
  const rows = rowsOf<IlrRow>(
    await db.execute(sql`
      SELECT a.id, u.first_name, u.last_name, u.email, a.uln, a.date_of_birth::text AS date_of_birth, a.sex,
        a.ethnicity, a.postcode, a.postcode_prior, a.lldd_health_problem, a.delivery_postcode,
        a.start_date::text AS start_date, a.end_date::text AS end_date, a.actual_end_date::text AS actual_end_date,
        a.end_reason, a.planned_otj_hours, s.lars_code AS std_code,
        coalesce((SELECT sum(e.seconds) FROM otj_entries e WHERE e.apprenticeship_id = a.id AND e.status = 'approved'), 0)::int
          AS approved_seconds
      FROM apprenticeships a
      JOIN users u ON u.id = a.student_id
      LEFT JOIN standards s ON s.id = a.standard_id
      WHERE a.start_date <= ${end} AND (a.actual_end_date IS NULL OR a.actual_end_date >= ${start})
      ORDER BY a.start_date, a.id`),
  );
  if (rows.length === 0) {
    throw unprocessable('No apprenticeship is active or ended in this collection year', 'ILR_INCOMPLETE', []);
  }
  const incomplete = rows
    .map((r) => ({
      id: r.id,
      name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email,
      missing: missingFields(r),
    }))
    .filter((r) => r.missing.length > 0);
  if (incomplete.length > 0) {
    throw unprocessable(
      `${incomplete.length} learner record${incomplete.length === 1 ? ' lacks' : 's lack'} what the ILR needs`,
      'ILR_INCOMPLETE',
      incomplete,
    );
  }
  const dateTime = now.toISOString().slice(0, 19);
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    `<Message xmlns="${NAMESPACE}">\n`,
    '\t<Header>\n\t\t<CollectionDetails>\n',
    el('Collection', 'ILR', '\t\t\t'),
    el('Year', year, '\t\t\t'),
    el('FilePreparationDate', ukIsoDate(now), '\t\t\t'),
    '\t\t</CollectionDetails>\n\t\t<Source>\n',
    el('ProtectiveMarking', 'OFFICIAL-SENSITIVE-Personal', '\t\t\t'),
    el('UKPRN', ukprn, '\t\t\t'),
    el('SoftwareSupplier', 'TradeSkills', '\t\t\t'),
    el('SoftwarePackage', 'TradeSkills', '\t\t\t'),
    el('Release', '1', '\t\t\t'),
    el('SerialNo', '01', '\t\t\t'),
    el('DateTime', dateTime, '\t\t\t'),
    '\t\t</Source>\n\t</Header>\n',
    '\t<LearningProvider>\n',
    el('UKPRN', ukprn, '\t\t'),
    '\t</LearningProvider>\n',
    ...rows.map(learnerXml),
    '</Message>\n',
  ].join('');
}

/** The file name ESFA's tools expect: ILR-<UKPRN>-<year>-<yyyymmdd>-<hhmmss>-01.xml. */
export function ilrFileName(ukprn: string, year: string, now = new Date()) {
  const iso = now.toISOString();
  return `ILR-${ukprn}-${year}-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}-01.xml`;
}
