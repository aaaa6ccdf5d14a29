export type LifecycleMethod = 'connect' | 'disconnect' | 'forceDisconnect' | 'authenticate';

/**
 * spec 001 §8 Lifecycle: 'Method connect/disconnect/forceDisconnect must be called from the
 * Transport instance.' The same words for authenticate are ours.
 */
export function notOwnerMessage(method: LifecycleMethod): string {
  return `Method ${method} must be called from the Transport instance.`;
}

/** spec 001 §6: connect, disconnect and force-disconnect only by the transport's owner; null when allowed. */
export function lifecycleRefusal(owner: string, caller: string, method: LifecycleMethod): string | null {
  return caller === owner ? null : notOwnerMessage(method);
}

/**
 * Who may authenticate the connection: the owner, and the client when it may manage the
 * transport's lifecycle (spec 001 §4, the allowLifecycleManagement option); null when allowed.
 */
export function authenticateRefusal(
  state: { readonly owner: string; readonly client: string; readonly lifecycleManagement: boolean },
  caller: string,
): string | null {
  if (caller === state.owner || (caller === state.client && state.lifecycleManagement)) return null;
  return notOwnerMessage('authenticate');
}
