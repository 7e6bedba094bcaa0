// Graph rows show agent Markdown as the words it renders to: the markers go, the words and the code's text stay.
import { describe, expect, it } from 'vitest';
import { plainInline } from './plainInline.ts';

describe('plainInline', () => {
  it('drops emphasis, code and link markers and keeps their words', () => {
    expect(plainInline('Scaffolded Express app with `GET /health` returning **200 OK**')).toBe('Scaffolded Express app with GET /health returning 200 OK');
    expect(plainInline('Refresh-token rotation; **all auth tests pass**, *mostly* and __surely__ ~~not~~ _quite_')).toBe(
      'Refresh-token rotation; all auth tests pass, mostly and surely not quite',
    );
    expect(plainInline('See [the spec](https://example.com/a_b "Spec") and ![a chart](c.png)')).toBe('See the spec and a chart');
    expect(plainInline('## Status: done')).toBe('Status: done');
    expect(plainInline('> quoted')).toBe('quoted');
    expect(plainInline('- listed item')).toBe('listed item');
  });

  it('keeps what is not a marker: code text as written, escapes, snake_case, lone stars, unclosed backticks', () => {
    expect(plainInline('`**not bold**` and ``a ` tick``')).toBe('**not bold** and a ` tick');
    expect(plainInline('\\*literal\\* and \\`tick\\`')).toBe('*literal* and `tick`');
    expect(plainInline('renamed user_id_field to id in snake_case_names')).toBe('renamed user_id_field to id in snake_case_names');
    expect(plainInline('3 * 4 * 5 = 60, an open ` backtick')).toBe('3 * 4 * 5 = 60, an open ` backtick');
    expect(plainInline('**bold with `code` inside**')).toBe('bold with code inside');
    expect(plainInline('\ue000 and `\ue001` stay')).toBe('\ue000 and \ue001 stay');
    expect(plainInline('Merged branch `auth-jwt` (2 commits). Contributions: Added `POST /auth/login`')).toBe(
      'Merged branch auth-jwt (2 commits). Contributions: Added POST /auth/login',
    );
  });
});
