import { allows, type Permission } from '@coop/contracts/console';
import { useSyncExternalStore } from 'react';

/** The decoded token (docs/api.md, Token). */
export interface Claims {
  readonly sub: string;
  readonly username: string;
  readonly roles: readonly string[];
  readonly cooperative: string;
  readonly exp: number;
  readonly iat?: number;
}

const KEY = 'coop.token';
const listeners = new Set<() => void>();
let cached: { token: string | null; claims: Claims | null } = { token: null, claims: null };

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a JWT without verifying it (the API verifies; the console only displays). */
export function decodeToken(token: string): Claims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const c = JSON.parse(base64UrlDecode(payload)) as Partial<Claims>;
    if (typeof c.exp !== 'number' || typeof c.username !== 'string' || typeof c.cooperative !== 'string') return null;
    return {
      sub: typeof c.sub === 'string' ? c.sub : '',
      username: c.username,
      roles: Array.isArray(c.roles) ? c.roles.filter((r): r is string => typeof r === 'string') : [],
      cooperative: c.cooperative,
      exp: c.exp,
      ...(typeof c.iat === 'number' ? { iat: c.iat } : {}),
    };
  } catch {
    return null;
  }
}

function refreshCache(): void {
  const token = readStorage();
  if (token === cached.token) return;
  cached = { token, claims: token ? decodeToken(token) : null };
}

function emit(): void {
  refreshCache();
  listeners.forEach((l) => l());
}

export function getToken(): string | null {
  refreshCache();
  return cached.token;
}

export function setToken(token: string): void {
  if (!decodeToken(token)) return;
  if (readStorage() === token) return;
  window.localStorage.setItem(KEY, token);
  emit();
}

export function clearToken(): void {
  if (readStorage() === null) return;
  window.localStorage.removeItem(KEY);
  emit();
}

/** Seconds until the stored token expires (0 when none or expired). */
export function secondsLeft(now = Date.now()): number {
  refreshCache();
  const exp = cached.claims?.exp;
  return exp === undefined ? 0 : Math.max(0, Math.floor(exp - now / 1000));
}

/** The claims of the stored token while it is unexpired; null when signed out. */
export function currentSession(): Claims | null {
  refreshCache();
  return cached.claims && secondsLeft() > 0 ? cached.claims : null;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user's claims (re-renders when the token changes). Expiry is handled by SessionKeeper. */
export function useSession(): Claims | null {
  const claims = useSyncExternalStore(subscribe, () => {
    refreshCache();
    return cached.claims;
  });
  return claims && claims.exp * 1000 > Date.now() ? claims : null;
}

/**
 * Whether the signed-in user's roles grant a permission of the one role matrix (`contracts/src/permissions.ts`, as
 * the API's guard asks it): routes, menus and buttons ask this, never for a role by name (issue 44).
 */
export function can(claims: Pick<Claims, 'roles'> | null | undefined, permission: Permission): boolean {
  return allows(claims?.roles, permission);
}

/** A path inside the console only (no other origin), for the `redirect` query. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.startsWith('/login') || target.startsWith('/logout')) return '/';
  return target;
}

/** `/login?redirect=<target>` for a target inside the console. */
export function loginPath(target?: string): string {
  const from = target ?? `${window.location.pathname}${window.location.search}`;
  const safe = safeRedirect(from);
  return `/login?redirect=${encodeURIComponent(safe)}`;
}
