import { useEffect, useReducer, useRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { EngineEvent } from '../../core/contract/events';
import { playbackChanged, saveAnswered, webPlayerReducer } from '../../core/webplayer';
import type { EngineClient } from '../engine/engine-port';
import { PAGE_DATA_ID, ROOT_ID, type WebPlayerPageData } from './page-data';
import { WebPlayerApp } from './WebPlayerApp';

interface EngineBundle {
  startEngineClient(options: { hosts: { api: string; accounts: string }; version: string }): Promise<EngineClient>;
}

/** The widget's full-playback engine (its own bundle, /widget/engine.js), started on the first command. */
function lazyEngine(version: string): (send: (engine: EngineClient) => void, onEvent: (event: EngineEvent) => void) => void {
  let engine: Promise<EngineClient> | undefined;
  return (send, onEvent) => {
    engine ??= (import(new URL('engine.js', import.meta.url).href) as Promise<EngineBundle>)
      .then((bundle) => bundle.startEngineClient({ hosts: { api: '', accounts: '' }, version }))
      .then((client) => {
        client.events$.subscribe((event) => onEvent(event as EngineEvent));
        client.send({ kind: 'initialise' });
        return client;
      });
    void engine.then(send);
  };
}

/** PUT or DELETE /v1/me/tracks with a token for the logged-in listener (the page's session cookie). */
async function writeSaved(id: string, saved: boolean): Promise<boolean> {
  const grant = await fetch('/access_token?reason=transport&productType=web_player', { credentials: 'same-origin' });
  if (!grant.ok) return false;
  const { accessToken } = (await grant.json()) as { accessToken: string };
  const answer = await fetch(`/v1/me/tracks?ids=${encodeURIComponent(id)}`, {
    method: saved ? 'PUT' : 'DELETE',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return answer.ok;
}

function Root({ data }: { data: WebPlayerPageData }) {
  const [state, dispatch] = useReducer(webPlayerReducer, data.state);
  const engine = useRef(lazyEngine(data.version));
  const sent = useRef({ command: 0, save: 0 });

  useEffect(() => {
    const command = state.command;
    if (command === null || command.seq <= sent.current.command) return;
    sent.current.command = command.seq;
    engine.current(
      (client) => client.send(command.command),
      (event) => {
        if (event.kind === 'played') dispatch(playbackChanged({ playing: true }));
        if (event.kind === 'paused' || event.kind === 'reset') dispatch(playbackChanged({ playing: false }));
      },
    );
  }, [state.command]);

  useEffect(() => {
    const save = state.save;
    if (save === null || save.seq <= sent.current.save) return;
    sent.current.save = save.seq;
    void writeSaved(save.id, save.saved).then(
      (ok) => dispatch(saveAnswered({ id: save.id, saved: save.saved, ok })),
      () => dispatch(saveAnswered({ id: save.id, saved: save.saved, ok: false })),
    );
  }, [state.save]);

  // Tests and tools wait for this: the buttons act from here on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return <WebPlayerApp state={state} dispatch={dispatch} title={data.title} query={data.query} />;
}

const root = document.getElementById(ROOT_ID);
const json = document.getElementById(PAGE_DATA_ID)?.textContent;
if (root !== null && json !== undefined && json !== null) {
  hydrateRoot(root, <Root data={JSON.parse(json) as WebPlayerPageData} />);
}
