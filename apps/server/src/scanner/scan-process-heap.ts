import { setFlagsFromString } from 'node:v8';

/**
 * V8's flag that makes the heap grow less between collections and shrink sooner, for the `sasayaki
 * scan` process alone. A scan reads works faster than it keeps them: most of what it allocates (file
 * lists, tag reads, statement texts) dies within a batch, and with V8's server defaults the heap grew to
 * three times its live size between collections (peak 282 MB for 5,000 works, issue 15's budget 250 MB).
 * With this flag the same scan peaked at 170 MB and was no slower (scanner README, "What a work costs").
 * The server (`serve`) keeps the defaults: its request latencies are measured with them, and a scan it
 * runs shares its heap with the API.
 */
export const SCAN_PROCESS_V8_FLAGS = '--optimize-for-size';

/** Called once by the scan command before it opens anything; V8 applies the flag to later collections. */
export function tuneHeapForScanProcess(): void {
  setFlagsFromString(SCAN_PROCESS_V8_FLAGS);
}
