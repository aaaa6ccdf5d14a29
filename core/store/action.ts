import * as t from 'io-ts';

/** Every action is a JSON-serialisable object tagged by a `domain/eventName` type. */
export interface Action {
  readonly type: string;
}

/** Where an action entered the store (ARCHITECTURE.md §3, the action log). */
export type ActionSource = 'ui' | 'adapter' | 'epic';

type PayloadOf<P extends t.Props> = t.TypeOf<t.TypeC<P>>;

/**
 * A codec-first action declaration: one call gives the io-ts codec, the TypeScript type
 * (`ActionOf<typeof creator>`), a creator and a `.match` type guard.
 */
export interface ActionCreator<T extends string, P extends t.Props> {
  (...payload: keyof P extends never ? [] : [PayloadOf<P>]): { type: T } & PayloadOf<P>;
  readonly type: T;
  readonly codec: t.Type<{ type: T } & PayloadOf<P>, { type: T } & t.OutputOf<t.TypeC<P>>, unknown>;
  /** A function property, not a method: it reads no `this`, so `filter(creator.match)` passes it safely. */
  readonly match: (action: Action) => action is { type: T } & PayloadOf<P>;
}

export type ActionOf<C> = C extends ActionCreator<infer T, infer P> ? { type: T } & PayloadOf<P> : never;

export function defineAction<T extends string, P extends t.Props = Record<never, never>>(type: T, props: P = {} as P): ActionCreator<T, P> {
  const codec = t.intersection([t.type({ type: t.literal(type) }), t.type(props)], type) as unknown as ActionCreator<T, P>['codec'];
  const create = (payload?: PayloadOf<P>) => ({ ...(payload ?? {}), type }) as { type: T } & PayloadOf<P>;
  return Object.assign(create, {
    type,
    codec,
    match: (action: Action): action is { type: T } & PayloadOf<P> => action.type === type,
  });
}

/** A union codec over a list of action creators, for decoding log lines and messages. */
export function actionsCodec<C extends ReadonlyArray<ActionCreator<string, t.Props>>>(creators: C): t.Type<ActionOf<C[number]>, unknown, unknown> {
  const byType = new Map<string, t.Type<Action, unknown, unknown>>(creators.map((c) => [c.type, c.codec as unknown as t.Type<Action, unknown, unknown>]));
  return new t.Type<ActionOf<C[number]>, unknown, unknown>(
    'Action',
    (u): u is ActionOf<C[number]> => {
      const c = typeof u === 'object' && u !== null ? byType.get(String((u as Action).type)) : undefined;
      return c !== undefined && c.is(u);
    },
    (u, ctx) => {
      if (typeof u !== 'object' || u === null || typeof (u as Action).type !== 'string') {
        return t.failure(u, ctx, 'an action must be an object with a string type');
      }
      const c = byType.get((u as Action).type);
      if (c === undefined) return t.failure(u, ctx, `unknown action type ${(u as Action).type}`);
      return c.validate(u, ctx) as t.Validation<ActionOf<C[number]>>;
    },
    (a) => a,
  );
}
