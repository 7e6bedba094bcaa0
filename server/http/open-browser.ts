// Opening the page in the user's default browser, through the `open` package (it knows xdg-open, macOS `open`,
// Windows `start` and WSL). A machine with no display (a server, CI, an SSH session without X forwarding) gets
// only the printed URL: launching a text browser or failing loudly there helps nobody.

export interface OpenEnvironment {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
}

/** Whether a graphical browser could appear: Linux and the BSDs need an X or Wayland display. */
export function canOpenBrowser({ platform, env }: OpenEnvironment = { platform: process.platform, env: process.env }): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  // WSL opens the Windows browser without a Linux display.
  if (env.WSL_DISTRO_NAME) return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** Best effort, never throws: the URL line is already printed. Returns whether an opener was started. */
export async function openBrowser(url: string): Promise<boolean> {
  if (!canOpenBrowser()) return false;
  try {
    // Loaded here: `--no-open` and a machine without a display never pay for it at start-up.
    const { default: open } = await import('open');
    const child = await open(url);
    child.on('error', () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}
