import { DEVICE_ID_PATTERN, INCOMPLETE_OPTIONS } from './constants';

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
  readonly capabilities: Readonly<Record<string, boolean>>;
}

export type DescriptorCheck = { readonly ok: true; readonly descriptor: DeviceDescriptor } | { readonly ok: false; readonly err: string };

/** spec 001 §3 Device id pattern: 1 to 40 letters, digits, `_`, `%`, `:`, `-`. */
export const isValidDeviceId = (id: string): boolean => DEVICE_ID_PATTERN.test(id);

/** spec 001 §8 Resolve/transport: "Invalid device id gives an invalid device id error". */
export const INVALID_DEVICE_ID = 'Invalid device id';

const present = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** spec 001 §3: "The manifest_formats capability cannot be set or read directly" — the engine fills it, never the caller. */
function withoutManifestFormats(capabilities: Readonly<Record<string, boolean>>): Readonly<Record<string, boolean>> {
  const { manifest_formats: _dropped, ...rest } = capabilities;
  return rest;
}

/** spec 001 §3 defaults: type computer, a generic partner brand, platform_identifier 'Partner {brand} {model}'. */
export const DEFAULT_BRAND = 'partner';

/**
 * spec 001 §5: the descriptor needs id, name, model and type, else 'Incomplete options value'.
 * Missing brand and platform identifier take the §3 defaults; the type is lowercased (§3 Device).
 */
export function checkDescriptor(options: Partial<DeviceDescriptor>): DescriptorCheck {
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
      capabilities: withoutManifestFormats(options.capabilities ?? {}),
    },
  };
}
