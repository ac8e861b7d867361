// Full-page navigations go through here rather than touching window.location inline:
// they must leave the SPA (e.g. /api/login is answered by the server with a redirect),
// and tests replace this module to observe them, since jsdom cannot navigate.

export function hardNavigate(url: string): void {
  window.location.href = url;
}

export function reloadPage(): void {
  window.location.reload();
}
