import './widget.css';
import { startWidget } from './start-widget';

// The widget's entry. The page evaluates it after its first paint (server/embed/embed-page.ts
// bootScript). Its code is in start-widget.tsx, which esbuild puts in the chunk it shares with the
// lazy one (ui/widget/extras.ts): the engine's bundle is found next to this file, not that chunk.
startWidget(new URL('engine.js', import.meta.url).href);
