import { expect, type Page, test } from '@playwright/test';

// Server-rendered public pages (docs/decisions/0014-server-rendered-public-pages.md): content in the HTML, a
// clean hydration, link-preview tags, structured data, crawl files and real 404s.

const PUBLIC_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;

interface SitemapUrl {
  loc: string;
  lastmod: string | null;
}

/** The sitemap, parsed by the browser's XML parser. */
async function readSitemap(page: Page): Promise<SitemapUrl[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  await page.goto('about:blank');
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('sitemap.xml is not well-formed XML');
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    if (doc.documentElement.namespaceURI !== ns || doc.documentElement.localName !== 'urlset') {
      throw new Error('not a urlset');
    }
    return [...doc.getElementsByTagNameNS(ns, 'url')].map((url) => ({
      loc: url.getElementsByTagNameNS(ns, 'loc')[0]?.textContent ?? '',
      lastmod: url.getElementsByTagNameNS(ns, 'lastmod')[0]?.textContent ?? null,
    }));
  }, xml);
}

/** Course page URLs from the sitemap (read as text: some tests run with JavaScript off). */
/**
 * The course pages the sitemap lists, the seeded demo course first: other journeys add bare courses of their own
 * (no outcomes or requirements), and the content checks below need the demo course's full page.
 */
async function courseUrls(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const urls = [...xml.matchAll(/<loc>([^<]*\/courses\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
  const courses = (await (await page.request.get('/api/courses/available')).json()) as {
    id: string;
    title: string;
  }[];
  const demo = courses.find((c) => c.title === 'Drainage Systems Fundamentals');
  const isDemo = (url: string) => Boolean(demo && url.endsWith(`/courses/${demo.id}`));
  return [...urls.filter(isDemo), ...urls.filter((url) => !isDemo(url))];
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its content from the served HTML', async ({ page }) => {
    const [coursePage] = await courseUrls(page);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Trade training that gets you hired' }),
    ).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Learn the Fundamentals' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Two Training Options' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Course Details' })).toHaveAttribute(
      'href',
      /^\/courses\//,
    );
    await expect(page.getByText('needs JavaScript')).toHaveCount(0);

    await page.goto('/fundamental-courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Fundamental Courses' })).toBeVisible();
    const cards = page.getByRole('region', { name: 'Courses' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    await expect(
      cards
        .first()
        .getByText(/£[\d,]+\.\d\d/)
        .first(),
    ).toBeVisible();

    await page.goto('/upskill-courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Upskill My Team' })).toBeVisible();

    await page.goto(coursePage!);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toBeVisible();
    await expect(page.getByRole('heading', { name: "What you'll learn" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
    await expect(page.getByText(/£[\d,]+\.\d\d/).first()).toBeVisible();
    await expect(page).toHaveTitle(`${await title.textContent()} · TradeSkills`);

    // The payment plan is chosen without the app: the Enroll button follows the checked radio.
    const sidebar = page.getByRole('complementary', { name: 'Enrol' });
    const enrol = sidebar.getByRole('link', { name: 'Enroll Now' });
    await expect(enrol).toHaveAttribute('href', /\?plan=onetime$/);
    await sidebar.getByLabel('Monthly payment plan').check();
    await expect(enrol).toHaveAttribute('href', /\?plan=monthly$/);
    await sidebar.getByLabel('Pay in full').check();
    await expect(enrol).toHaveAttribute('href', /\?plan=onetime$/);
  });

  test('unknown courses and paths answer 404 with the not-found page', async ({ page }) => {
    const unknownCourse = await page.goto('/courses/00000000-0000-4000-8000-000000000000');
    expect(unknownCourse?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
    const unknownPath = await page.goto('/no/such/page');
    expect(unknownPath?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · TradeSkills');
    // Pages the browser renders still answer 200.
    expect((await page.goto('/login'))?.status()).toBe(200);
  });
});

test('hydrating every public page logs no error or warning and fetches nothing again', async ({ page }) => {
  const [coursePage] = await courseUrls(page);
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    // The 404 page's own document status is reported as a failed load; nothing else may be.
    if (/status of 404/.test(m.text()) && m.location().url.includes('/no/such/page')) return;
    messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
  });

  for (const path of ['/', '/fundamental-courses', '/upskill-courses', coursePage!, '/no/such/page']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(messages).toEqual([]);
  expect(apiCalls).toEqual([]);

  // Hydrated: the page answers clicks without a reload.
  await page.goto(coursePage!);
  await page.waitForLoadState('networkidle');
  const monthly = page.getByRole('radio', { name: /Monthly payment plan/ });
  await monthly.check();
  await expect(page.getByRole('link', { name: 'Enroll Now' }).last()).toHaveAttribute(
    'href',
    /plan=monthly$/,
  );
  await page.getByRole('link', { name: 'Fundamental Courses' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fundamental Courses' })).toBeVisible();
  expect(messages).toEqual([]);
});

test('a course page carries its link-preview tags and its Course and BreadcrumbList data', async ({
  page,
}) => {
  const [coursePage] = await courseUrls(page);
  await page.goto(coursePage!);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const meta = (selector: string) => page.locator(`head ${selector}`).getAttribute('content');

  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', coursePage!);
  expect(await meta('meta[name="description"]')).toMatch(/\w{3,}/);
  expect(await meta('meta[property="og:title"]')).toBe(title);
  expect(await meta('meta[property="og:description"]')).toBe(await meta('meta[name="description"]'));
  expect(await meta('meta[property="og:url"]')).toBe(coursePage);
  const image = (await meta('meta[property="og:image"]'))!;
  expect(image).toBe(`${PUBLIC_URL}/og-default.png`);
  expect(await meta('meta[property="og:image:width"]')).toBe('1200');
  expect(await meta('meta[property="og:image:height"]')).toBe('630');
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  const png = await page.request.get(image);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  // The PNG header's width and height.
  const bytes = await png.body();
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);

  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? '')));
  const course = blocks.find((b) => b['@type'] === 'Course');
  expect(course).toMatchObject({
    '@context': 'https://schema.org',
    name: title,
    url: coursePage,
    provider: { '@type': 'Organization', name: 'TradeSkills' },
    offers: { '@type': 'Offer', priceCurrency: 'GBP', price: expect.stringMatching(/^\d+\.\d\d$/) },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'online',
      courseWorkload: expect.stringMatching(/^P\d+W$/),
    },
  });
  const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
  expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
    'Home',
    'Fundamental Courses',
    title,
  ]);
  expect(crumbs.itemListElement.at(-1).item).toBe(coursePage);

  await page.goto('/fundamental-courses');
  const list = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? '')));
  expect(list[0]['@type']).toBe('ItemList');
  const cardTitles = await page
    .getByRole('region', { name: 'Courses' })
    .getByRole('heading', { level: 3 })
    .allTextContents();
  expect(list[0].itemListElement.map((i: { item: { name: string } }) => i.item.name)).toEqual(cardTitles);
});

test('the sitemap lists every public page and active course, each answering 200; robots.txt names it', async ({
  page,
}) => {
  const urls = await readSitemap(page);
  expect(urls.slice(0, 3).map((u) => u.loc)).toEqual([
    `${PUBLIC_URL}/`,
    `${PUBLIC_URL}/fundamental-courses`,
    `${PUBLIC_URL}/upskill-courses`,
  ]);
  for (const url of urls) {
    expect(url.loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(Number.isNaN(Date.parse(url.lastmod ?? ''))).toBe(false);
    expect((await page.request.get(url.loc)).status(), url.loc).toBe(200);
  }
  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
});

test('a visitor who scrolls before the app has started stays where they are, and their tap lands', async ({
  page,
}) => {
  // The app's chunk is held back until the visitor has scrolled, as on a slow phone.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const purchase = page.getByRole('link', { name: 'Purchase Now' });
  await purchase.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  release();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // A link followed inside the app still starts the next page at its top.
  await purchase.click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
