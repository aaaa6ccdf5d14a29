export type LifecycleMethod = 'connect' | 'disconnect' | 'forceDisconnect';

/** spec 001 §8 Lifecycle: 'Method connect/disconnect/forceDisconnect must be called from the Transport instance.' */
export function notOwnerMessage(method: LifecycleMethod): string {
  return `Method ${method} must be called from the Transport instance.`;
}

/** spec 001 §6: connect, disconnect and force-disconnect only by the transport's owner; null when allowed. */
export function lifecycleRefusal(owner: string, caller: string, method: LifecycleMethod): string | null {
  return caller === owner ? null : notOwnerMessage(method);
}
