import { authenticateTokenOf, replyFrame, type DealerFrame, type ReplyFrame } from '../../core/engine/transport/dealer-frame';
import { AUTHENTICATE_KEY } from '../../core/engine/transport/constants';

/** What the dealer does with an authentication request: its reply, and the token it now checks (null: refused). */
export interface AuthenticationAnswer {
  readonly reply: ReplyFrame;
  readonly token: string | null;
}

/** The close after a refused authentication: 1008 Policy Violation, which the engine retries as an authentication (spec 001 §9). */
export const CLOSE_AUTHENTICATION_REFUSED = { code: 1008, reason: 'Authentication refused' } as const;

/**
 * spec 001 §7 Realtime socket "Authenticated with the token after connecting": the engine's
 * request frame carries its token; accepted when the token verifies and is the same user's as the
 * connection's (the upgrade's token named the user). Null when the frame is no authentication.
 * `verify` is the bearer lookup (a database query: it may answer a promise); its answer's accountId names the user.
 */
export async function answerAuthentication(
  frame: DealerFrame,
  userId: string,
  verify: ((token: string) => unknown) | undefined,
): Promise<AuthenticationAnswer | null> {
  if (frame.type !== 'request' || frame.key !== AUTHENTICATE_KEY) return null;
  const token = authenticateTokenOf(frame);
  const grant: unknown = token === null || verify === undefined ? null : await verify(token);
  const accountId = typeof grant === 'object' && grant !== null ? (grant as { accountId?: unknown }).accountId : undefined;
  const accepted = token !== null && (verify === undefined || accountId === userId);
  return { reply: replyFrame(AUTHENTICATE_KEY, accepted), token: accepted ? token : null };
}
