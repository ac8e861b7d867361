import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  callerFor,
  daysAgo,
  daysAhead,
  fixtureStandardRecord,
  seedEntry,
} from './apprenticeships.fixtures.ts';

// The ILR file (docs/apprenticeships.md "The ILR file"): written in the 2025-26 schema and validated against the
// ESFA's XSD (vendored under src/server/test/fixtures/ilr with its licence notice), or 422 listing what is missing.

let t: TestContext;
let admin: string;
const XSD = new URL('../../test/fixtures/ilr/schemafile25.xsd', import.meta.url);
beforeAll(async () => {
  t = await createTestApp({ ukprn: '10000001' });
  admin = await t.login(await t.createUser({ role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});
const call = callerFor(() => t.app);

describe('GET /api/admin/ilr.xml?year=2526', () => {
  it('lists records that lack ILR fields, then writes a file that validates against the XSD', async () => {
    const standard = await call(admin, 'POST', '/api/admin/standards', fixtureStandardRecord());
    const standardId = standard.json().id as string;
    const learner = (first: string) => t.createUser({ firstName: first, lastName: 'Apprentice' });
    const [ana, ben] = [await learner('Ana'), await learner('Ben')];
    const complete = {
      standardId,
      startDate: '2025-09-01',
      endDate: daysAhead(300),
      weeklyContractedHours: 37.5,
      uln: '1004014316',
      dateOfBirth: '2004-05-06',
      sex: 'F',
      ethnicity: 31,
      llddHealthProblem: 2,
      postcode: 'M1 1AA',
      postcodePrior: 'M1 1AA',
      deliveryPostcode: 'M4 2BB',
    };
    const put = (id: string, body: object) =>
      call(admin, 'PUT', `/api/admin/students/${id}/apprenticeship`, body);
    expect((await put(ana.id, complete)).statusCode).toBe(200);
    expect((await put(ben.id, { ...complete, uln: null, sex: null })).statusCode).toBe(200);

    const incomplete = await call(admin, 'GET', '/api/admin/ilr.xml?year=2526');
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({
      code: 'ILR_INCOMPLETE',
      learners: [{ missing: ['uln', 'sex'] }],
    });
    expect(incomplete.json().learners).toHaveLength(1);
    expect((await call(admin, 'GET', '/api/admin/ilr.xml?year=2627')).statusCode).toBe(400);
    const student = await t.login(ben);
    expect((await call(student, 'GET', '/api/admin/ilr.xml?year=2526')).statusCode).toBe(403);

    // Ben withdrew: his actual hours go in with the end date.
    await seedEntry(t.db, ben.id, { status: 'approved', seconds: 10 * 3600, date: daysAgo(3) });
    const withdrawn = {
      ...complete,
      uln: '9999999999',
      sex: 'M',
      actualEndDate: daysAgo(1),
      endReason: 'withdrawn',
    };
    expect((await put(ben.id, withdrawn)).statusCode).toBe(400);
    expect((await put(ben.id, { ...withdrawn, uln: '1234567899' })).statusCode, 'a valid ULN').toBe(200);

    const res = await call(admin, 'GET', '/api/admin/ilr.xml?year=2526');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toMatch(/ILR-10000001-2526-\d{8}-\d{6}-01\.xml/);
    const xml = res.body;
    expect(xml).toContain('<Message xmlns="ESFA/ILR/2025-26">');
    expect(xml).toContain('<UKPRN>10000001</UKPRN>');
    expect(xml).toMatch(/<PHours>187<\/PHours>/);
    expect(xml).toMatch(/<OTJActHours>10<\/OTJActHours>[\s\S]*<CompStatus>3<\/CompStatus>/);
    const result = await validateXML({
      xml: [{ fileName: 'ilr.xml', contents: xml }],
      schema: [{ fileName: 'schemafile25.xsd', contents: await readFile(XSD, 'utf8') }],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
