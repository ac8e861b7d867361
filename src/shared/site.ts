// Site-wide names and texts that the server (page head, structured data) and the client (pages, tab title)
// both show, so they never disagree.

export const SITE_NAME = 'TradeSkills';

export const SITE_DESCRIPTION =
  'TradeSkills: trade and apprenticeship training. Fundamental courses for new starters and upskilling for trade teams.';

/** The tab title: "Login · TradeSkills", or the site's own title on the home page. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} · Trade & apprenticeship training`;
}

/** The two course listings: their heading and the sentence under it (also their meta description). */
export const LISTINGS = {
  fundamental: {
    path: '/fundamental-courses',
    title: 'Fundamental Courses',
    intro: 'Beginner courses taught by working tradespeople, with a fast route to being hired.',
  },
  upskill: {
    path: '/upskill-courses',
    title: 'Upskill My Team',
    intro: 'Advanced training for experienced crews: new equipment, new standards and new specialisms.',
  },
} as const;

/** The accessibility statement (README 'Accessibility'): its path, the day it was first written and last reviewed. */
export const ACCESSIBILITY_STATEMENT = {
  path: '/accessibility',
  title: 'Accessibility statement',
  description:
    'How accessible TradeSkills is, the problems we know about, how to report one, and what to do if you are not happy with our answer.',
  prepared: '2026-11-25',
  reviewed: '2026-11-28',
} as const;

/** The privacy notice (README 'Your data'): its path and the day it last changed (the sitemap's lastmod). */
export const PRIVACY_NOTICE = {
  path: '/privacy',
  title: 'Privacy notice',
  description: 'What TradeSkills keeps about you, why, who sees it, for how long, and your rights.',
  updated: '2026-11-25',
} as const;
