import { log } from "#app/log.server.ts";
import { type FieldKeys, FieldKeysError, fieldKeys } from "#app/security/field-keys.server.ts";
import { getStore } from "./store.server.ts";

/**
 * Stops the server (and the store commands) at start-up when the store holds answers encrypted
 * with a field key the process does not have: a data folder restored without its key file, or
 * FIELD_ENCRYPTION_KEYS missing a key that is still in use. Started anyway, the portal would report
 * healthy and then fail every one of those answers (issue 23). The message names the keys.
 */
export async function checkStoredFieldKeys(): Promise<void> {
  let keys: FieldKeys;
  let recorded: string[];
  try {
    keys = fieldKeys();
    recorded = await getStore().fieldKeyIds();
  } catch (error) {
    if (error instanceof FieldKeysError) throw error;
    // The database away (or the data folder unusable): the server starts all the same, as it
    // survives the database going away later (/healthz answers 503 until it is back). Its keys
    // have not changed meanwhile; they are checked at its next start.
    log.error("could not check that the field keys of the stored answers are all here: the store cannot be read", {
      error,
    });
    return;
  }
  const missing = recorded.filter((id) => !keys.byId.has(id));
  if (missing.length === 0) return;
  const named = `field key${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`;
  const what = `The database holds sensitive answers (bank numbers) encrypted with ${named}, which ${keys.source} does not have: they cannot be read without it.`;
  const fix = keys.made
    ? `${keys.source} was missing (a data folder restored without it?), so a new key was made in it. Put back the field-keys file that goes with this database (it holds ${named}) in its place, and start again.`
    : `Add ${missing.length > 1 ? "them" : "it"} back after the current key: a line of ${keys.source === "FIELD_ENCRYPTION_KEYS" ? "FIELD_ENCRYPTION_KEYS (comma-separated)" : "the key file"} each, from where you keep your keys.`;
  throw new FieldKeysError(`${what}\n${fix} (docs/operating.md, "Sensitive answers")`);
}
