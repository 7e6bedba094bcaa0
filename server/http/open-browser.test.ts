// When the server opens a browser by itself.
import { describe, expect, it } from 'vitest';
import { canOpenBrowser } from './open-browser.ts';

describe('canOpenBrowser', () => {
  it('opens on macOS and Windows, and on Linux only with a display', () => {
    expect(canOpenBrowser({ platform: 'darwin', env: {} })).toBe(true);
    expect(canOpenBrowser({ platform: 'win32', env: {} })).toBe(true);
    expect(canOpenBrowser({ platform: 'linux', env: {} })).toBe(false);
    expect(canOpenBrowser({ platform: 'linux', env: { DISPLAY: ':0' } })).toBe(true);
    expect(canOpenBrowser({ platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' } })).toBe(true);
    expect(canOpenBrowser({ platform: 'linux', env: { WSL_DISTRO_NAME: 'Debian' } })).toBe(true);
    expect(canOpenBrowser({ platform: 'freebsd', env: { DISPLAY: '' } })).toBe(false);
  });
});
