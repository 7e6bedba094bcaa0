// The command's help text (`gcc-studio --help`, and beside a usage error): every command, flag and default.
export const USAGE = `usage:
  gcc-studio [DIR] [--port N] [--host H] [--read-only] [--open | --no-open]
                               serve the dashboard for DIR (a folder holding .GCC/, or .GCC/ itself; default .)
  gcc-studio ROOT | ./DIR1 ./DIR2 … | --scan ROOT… [--depth N]
                               a fleet: every .GCC/ under the folders (depth ≤ 4 by default; never in
                               node_modules, .git or what ROOT/.gitignore ignores), one page for all
                               --port N     default 4780, or a free one if that is taken; a --port
                                            that is taken is an error (exit 2)
                               --host H     default 127.0.0.1; anything else is reachable from other machines
                               --token T    the access token. Prefer the environment variable GCC_STUDIO_TOKEN:
                                            a --token on the command line shows in \`ps\` to every user
                                            while the server starts (it shows --token *** once it runs)
                                            (default: a random one per workspace, kept 0600 in a per-user runtime
                                            folder, so pages left open work on after a restart)
                               --new-token  replace the kept token (pages open with the old one must reopen the URL)
                               --read-only  no hand edits, no merges
                               --open       open the default browser (the default; not on a machine with no display)
  gcc-studio --git REPO [--refs GLOB] [--refresh N]
                               a fleet of the agents' memory pushed to REPO (a URL or a path git can fetch):
                               one row per ref holding a .GCC/ (refs/heads/gcc/* and every branch whose tree
                               holds one; --refs gcc/* to choose), read-only, fetched every N seconds (default 5)
                               into a private mirror in ~/.cache/gcc-studio/git; credentials are git's own
  gcc-studio --demo [...]      serve a demo workspace with a simulated agent writing to it
  gcc-studio inspect DIR [--json] [--depth N] [--at MOMENT]
                               print the parsed workspace (roadmap, branches, commits, steps, diagnostics);
                               a DIR with no .GCC/ of its own: one entry per workspace under it
  gcc-studio context DIR [--branch main] [--k 1] [--dialect python|typescript|rust|go|lua|elixir|zig] [--lossless] [--at MOMENT]
                               print the CONTEXT text that implementation's summary() returns, byte for byte
                               (default: the branch's detected writer); notes on stderr. When its context()
                               raises, one line on stderr and exit 1. --lossless prints instead what
                               gcc-studio's own reader sees, in that implementation's layout
                               --at MOMENT  as it was then: an ISO 8601 time with its offset, B@step:N or B@commit:N,
                                            or git:SHA, a commit of the repository around DIR that changed
                                            .GCC/ (exact: its tree, as the implementation reads it)
  gcc-studio doctor DIR [--json] [--depth N]
                               print the format problems found; exit 1 when any is an error (in any workspace)
  gcc-studio export DIR [--at MOMENT] --html FILE | --markdown FILE [--branch main] [--k 1] [--dialect D]
                               the memory at MOMENT (or now) as one file: a read-only page that opens from file://
                               without a server, or Markdown (CONTEXT of --branch at --k, every branch's purpose,
                               status and last commit)
  gcc-studio mcp [DIR] [--dialect python|typescript|go|rust|lua|elixir] [--read-only]
                               an MCP server over stdin/stdout giving an agent GCC memory in DIR (default .):
                               claude mcp add gcc -- gcc-studio mcp. A DIR with no .GCC/ gets one from the
                               agent's gcc_init, in --dialect (default python); logs go to stderr
  gcc-studio push [DIR] [--remote R] [--ref gcc/NAME] [--watch [--interval N]]
                               commit .GCC/ as it is now onto refs/heads/gcc/NAME (default gcc/<host>-<folder>) and
                               push it to R (a URL, a path, or a remote of the repository around DIR; default its
                               origin; required in no repository), never forced; your HEAD, index, working tree
                               and branches are not touched. --watch: push on every change, at most once per N
                               seconds (default 10). Credentials are git's own (credential helper, ssh key)
  gcc-studio --version | --help`;
