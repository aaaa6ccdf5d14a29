import * as t from 'io-ts';
import { browserOf, type BrowserFacts } from './browser-name';
import { DEVICE_ID_PATTERN, INCOMPLETE_OPTIONS } from './constants';

/**
 * spec 001 §3 Device descriptor capabilities: manifest_formats, audio_podcasts and video_playback
 * (the registration's), change_volume and endsong_snooping (the client descriptor's too).
 */
export const DeviceCapabilities = t.readonly(
  t.type({
    manifest_formats: t.readonlyArray(t.string),
    audio_podcasts: t.boolean,
    video_playback: t.boolean,
    change_volume: t.boolean,
    endsong_snooping: t.boolean,
  }),
);
export type DeviceCapabilities = t.TypeOf<typeof DeviceCapabilities>;

/**
 * spec 001 §3 Track-file source kinds this engine plays: the MP4 files of a state machine's
 * manifest (player/state-machine.ts fileOfTrack). No MP3 or external URLs.
 */
export const ENGINE_MANIFEST_FORMATS: ReadonlyArray<string> = ['file_ids_mp4'];
/** Issue 18: an engine with video_playback plays video manifests too (core/engine/video). */
export const VIDEO_MANIFEST_FORMATS: ReadonlyArray<string> = [...ENGINE_MANIFEST_FORMATS, 'manifest_ids_video'];

/**
 * Ours, where §3 names the capability but not its value: episodes play like tracks (MP4 files),
 * video only where the embedder says it has a video element (the widget's engine does, issue 18),
 * the volume can be changed, and the endsong items a deregistration may return (§7) are not read.
 */
export const DEFAULT_CAPABILITIES: Omit<DeviceCapabilities, 'manifest_formats'> = {
  audio_podcasts: true,
  video_playback: false,
  change_volume: true,
  endsong_snooping: false,
};

/** The capabilities a caller may set: all but manifest_formats (spec 001 §3). */
export type CapabilityOptions = Partial<Omit<DeviceCapabilities, 'manifest_formats'>> & { readonly manifest_formats?: unknown };

/** spec 001 §3 Device descriptor (registration); the id is checked against the device id pattern. */
export interface DeviceDescriptor {
  readonly id: string;
  readonly type: string;
  readonly brand: string;
  readonly model: string;
  readonly name: string;
  readonly platform_identifier: string;
  readonly platform_version: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly capabilities: DeviceCapabilities;
}

/** What a caller gives checkDescriptor: any field may be missing (the check names what is required). */
export type DescriptorOptions = Partial<Omit<DeviceDescriptor, 'capabilities'>> & { readonly capabilities?: CapabilityOptions };

export type DescriptorCheck = { readonly ok: true; readonly descriptor: DeviceDescriptor } | { readonly ok: false; readonly err: string };

/** spec 001 §3 Device id pattern: 1 to 40 letters, digits, `_`, `%`, `:`, `-`. */
export const isValidDeviceId = (id: string): boolean => DEVICE_ID_PATTERN.test(id);

/** spec 001 §8 Resolve/transport: "Invalid device id gives an invalid device id error". */
export const INVALID_DEVICE_ID = 'Invalid device id';

const present = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** spec 001 §3: "The manifest_formats capability cannot be set or read directly" — the engine fills it, never the caller. */
function capabilitiesOf(options: CapabilityOptions): DeviceCapabilities {
  const video = flag(options.video_playback, DEFAULT_CAPABILITIES.video_playback);
  return {
    manifest_formats: video ? VIDEO_MANIFEST_FORMATS : ENGINE_MANIFEST_FORMATS,
    audio_podcasts: flag(options.audio_podcasts, DEFAULT_CAPABILITIES.audio_podcasts),
    video_playback: video,
    change_volume: flag(options.change_volume, DEFAULT_CAPABILITIES.change_volume),
    endsong_snooping: flag(options.endsong_snooping, DEFAULT_CAPABILITIES.endsong_snooping),
  };
}

/** spec 001 §3 defaults: type computer, a generic partner brand, platform_identifier 'Partner {brand} {model}'. */
export const DEFAULT_BRAND = 'partner';
/** spec 001 §3 "a default model name" (ours: the product the engine plays for, spec 000 §2 product=embed_v2). */
export const DEFAULT_MODEL = 'embed_v2';
/**
 * spec 001 §3 "a default name template filled with browser name, version and platform" (ours). The
 * {number} is empty for a browser's first player and ' 2', ' 3' … for the pages open beside it
 * (device-pool.ts), so that two pages of one browser are told apart in a device list.
 */
export const DEFAULT_NAME_TEMPLATE = 'Web Player{number} ({browser} {version} on {platform})';
export const DEFAULT_TYPE = 'computer';

/** The default name: the template filled with the browser's facts and the player's 1-based place among the browser's. */
export const defaultDeviceName = (browser: BrowserFacts, ordinal = 1): string =>
  DEFAULT_NAME_TEMPLATE.replace('{number}', ordinal > 1 ? ` ${ordinal}` : '')
    .replace('{browser}', browser.name)
    .replace('{version}', browser.version)
    .replace('{platform}', browser.platform);

/**
 * spec 001 §3 defaults, then the §5 check: type computer, the default model and the name template
 * filled from the user agent (and `ordinal`, the player's place among this browser's); the caller's fields win.
 */
export function createDescriptor(options: DescriptorOptions, userAgent: string, ordinal = 1): DescriptorCheck {
  return checkDescriptor({
    ...options,
    type: options.type ?? DEFAULT_TYPE,
    model: options.model ?? DEFAULT_MODEL,
    name: options.name ?? defaultDeviceName(browserOf(userAgent), ordinal),
  });
}

/**
 * spec 001 §5: the descriptor needs id, name, model and type, else 'Incomplete options value'.
 * Missing brand and platform identifier take the §3 defaults; the type is lowercased (§3 Device).
 */
export function checkDescriptor(options: DescriptorOptions): DescriptorCheck {
  const { id, name, model, type } = options;
  if (!present(id) || !present(name) || !present(model) || !present(type)) return { ok: false, err: INCOMPLETE_OPTIONS };
  if (!isValidDeviceId(id)) return { ok: false, err: INVALID_DEVICE_ID };
  const brand = present(options.brand) ? options.brand : DEFAULT_BRAND;
  return {
    ok: true,
    descriptor: {
      id,
      name,
      model,
      type: type.toLowerCase(),
      brand,
      platform_identifier: present(options.platform_identifier) ? options.platform_identifier : `Partner ${brand} ${model}`,
      platform_version: options.platform_version ?? '',
      metadata: options.metadata ?? {},
      capabilities: capabilitiesOf(options.capabilities ?? {}),
    },
  };
}
