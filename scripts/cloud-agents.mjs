#!/usr/bin/env node
// The `cloud-agents` command: runs server/main.ts through tsx's loader.
import { register } from "tsx/esm/api";

register();
await import("../server/main.ts");
