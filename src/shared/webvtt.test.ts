import { describe, expect, it } from 'vitest';
import { parseWebVtt } from './webvtt.ts';

describe('parseWebVtt', () => {
  it('reads cues with identifiers, settings, hours, notes, CRLF and a byte-order mark', () => {
    const parsed = parseWebVtt(
      '\uFEFFWEBVTT - site induction\r\nKind: captions\r\n\r\nNOTE\r\nchecked\r\n\r\nintro\r\n00:01.500 --> 00:04.000 line:0\r\n<v Ana>Hard hats</v> &amp; boots\r\non site\r\n\r\n01:00:00.000 --> 01:00:02.250\r\nEnd\r\n',
    );
    expect(parsed).toEqual({
      ok: true,
      cues: [
        { start: 1.5, end: 4, text: 'Hard hats & boots on site' },
        { start: 3600, end: 3602.25, text: 'End' },
      ],
    });
  });

  it('names the line at fault', () => {
    expect(parseWebVtt('Hello')).toMatchObject({ ok: false, error: expect.stringContaining('Line 1') });
    expect(parseWebVtt('WEBVTT\n\n00:02.000 --> 00:01.000\nx')).toMatchObject({
      ok: false,
      error: expect.stringContaining('Line 3'),
    });
    expect(parseWebVtt('WEBVTT\n\nhello\nthere\n')).toMatchObject({
      ok: false,
      error: expect.stringContaining('Line 4'),
    });
    expect(parseWebVtt('WEBVTT\n\n00:01.000 --> 00:02.000\na\n00:03.000 --> 00:04.000\nb')).toMatchObject({
      ok: false,
      error: expect.stringContaining('Line 5'),
    });
    expect(parseWebVtt('WEBVTT\n\nNOTE only a note\n')).toMatchObject({
      ok: false,
      error: expect.stringContaining('no cues'),
    });
    expect(parseWebVtt('WEBVTTX\n\n00:01.000 --> 00:02.000\na')).toMatchObject({ ok: false });
  });
});
