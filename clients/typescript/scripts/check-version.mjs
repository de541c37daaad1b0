// The version is written once, in the API contract (../../openapi.yaml, info.version); npm needs
// it in package.json too, so packing stops unless the two agree.
import { readFile } from "node:fs/promises";

const contract = await readFile(new URL("../../../openapi.yaml", import.meta.url), "utf-8");
const found = /^info:\n(?:[ \t].*\n)*?[ \t]+version:[ \t]*['"]?([^'"\s]+)/m.exec(contract);
const pkg = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf-8"));
if (!found) {
  console.error("check-version: openapi.yaml has no info.version");
  process.exit(1);
}
if (pkg.version !== found[1]) {
  console.error(`check-version: package.json says ${pkg.version}, the contract ${found[1]}`);
  process.exit(1);
}
console.log(`ginrules-client ${pkg.version}, the contract's version`);
