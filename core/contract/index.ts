/*
 * The one contract between the full-playback engine (core/engine) and the widget (core/widget):
 * the commands the widget sends, the events the engine forwards (spec 001 §4), and the
 * initialization, licence and media failures with their codes (spec 001 §8). Both sides import
 * it; neither imports the other (core/purity.test.ts checks the directions). ui/engine/engine-port.ts
 * is where the two meet at run time. The widget's first-frame modules import the file they need, not
 * this index: a module the entry reaches goes into its initial JS whole (ui/widget/extras.ts).
 */
export * from './commands';
export * from './events';
export * from './failures';
export * from './remote-view';
export * from './remote-control';
