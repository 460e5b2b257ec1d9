// Trusted Types: a page that enforces them (CSP `require-trusted-types-for 'script'`) takes a
// Worker's script URL only as a TrustedScriptURL. The package makes its own with one policy,
// named 'mainline-chess' (a page that lists the policies it allows lists this name too:
// `trusted-types mainline-chess`), which passes only the URLs of scripts (.js files) and of the
// one-line start-up modules the package writes (blob:). Elsewhere a URL is used as it is.
const POLICY_NAME = 'mainline-chess';

/** @type {{ createScriptURL(url: string): any } | null | undefined} */
let policy;

/**
 * @param {string} url @returns {any} a TrustedScriptURL where Trusted Types are enforced, else the URL
 */
export function scriptUrl(url) {
  const tt = /** @type {any} */ (globalThis).trustedTypes;
  if (!tt || typeof tt.createPolicy !== 'function') return url;
  if (policy === undefined) {
    try {
      policy = tt.createPolicy(POLICY_NAME, {
        createScriptURL(/** @type {string} */ u) {
          const parsed = new URL(u, /** @type {any} */ (globalThis).location?.href);
          if (parsed.protocol === 'blob:' || /\.js$/.test(parsed.pathname)) return u;
          throw new TypeError(`mainline-chess: ${u} is not a script of the package`);
        },
      });
    } catch {
      policy = null; // the page does not allow the policy: its own rules decide
    }
  }
  return policy ? policy.createScriptURL(url) : url;
}
