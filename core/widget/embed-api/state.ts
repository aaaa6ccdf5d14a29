/** The parent-page message interface's part of the widget state (spec 000 §7). */
export interface EmbedApiState {
  /** spec 000 §2 Routes: the page address carried embed-api=1. */
  readonly enabled: boolean;
  /** spec 000 §7 api/connect: updates are sent once connected. */
  readonly connected: boolean;
  /** spec 000 §7 api/connect stores the channelId; it goes back in every contextchange. */
  readonly channelId: string | null;
}

export const initialEmbedApiState: EmbedApiState = { enabled: false, connected: false, channelId: null };
