#!/usr/bin/env bash
# The packed client as a web team would use it, with no checkout beside it: `npm pack` here,
# the tarball installed into a new project in a scratch folder, then, against a live server
# (GINRULES_URL): a plain Node ESM script, a .ts file type-checked under tsc --strict and run,
# and the same file bundled by a bundler (esbuild) and run.
#   GINRULES_URL=http://127.0.0.1:8000 bash check/standalone.sh
set -euo pipefail
cd "$(dirname "$0")/.."
url=${GINRULES_URL:?set GINRULES_URL to the address of a running ginrules server}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tarball=$(npm pack --silent --pack-destination "$scratch" | tail -1)
version=$(node -p 'require("./package.json").version')
cd "$scratch"
npm init -y > /dev/null
npm pkg set type=module > /dev/null
npm install --silent --no-audit --no-fund "./$tarball" typescript@5 esbuild@0 @types/node@20
test ! -e node_modules/ginrules-client/src  # only the built package: no sources, no contract

cat > plain.mjs <<JS
import { Client } from "ginrules-client";
const api = new Client(process.env.GINRULES_URL);
const analysis = await api.analyzeHand({ hand: ["5S", "6S", "7S", "7H", "7D", "7C", "2H", "3C", "9D", "KD"] });
if (analysis.deadwood_count !== 24) throw new Error("deadwood " + analysis.deadwood_count);
console.log("plain Node ESM: deadwood", analysis.deadwood_count);
JS
cat > typed.ts <<TS
import { Client, ProblemError, type Analysis } from "ginrules-client";
const api = new Client(process.env["GINRULES_URL"] ?? "");
const analysis: Analysis = await api.analyzeHand({ hand: ["AS", "2S", "3S", "7H", "7D", "7C", "9C", "TC", "JC", "KD"] });
const melds: number = analysis.melds.length;
try {
  await api.analyzeHand({ hand: ["AS", "AS"] });
  throw new Error("a hand with a card twice was accepted");
} catch (error) {
  if (!(error instanceof ProblemError) || error.status !== 422) throw error;
}
console.log("typed:", melds, "melds, deadwood", analysis.deadwood_count);
TS
cat > tsconfig.json <<JSON
{"compilerOptions": {"target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",
  "strict": true, "noUncheckedIndexedAccess": true, "types": ["node"], "outDir": "out"},
 "files": ["typed.ts"]}
JSON
GINRULES_URL=$url node plain.mjs
npx --no-install tsc -p tsconfig.json
GINRULES_URL=$url node out/typed.js
npx --no-install esbuild typed.ts --bundle --platform=node --format=esm --log-level=warning \
  --outfile=bundled.mjs
GINRULES_URL=$url node bundled.mjs
echo "ginrules-client $version: installed from its tarball alone, typed, bundled, and called $url"
