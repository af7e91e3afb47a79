#!/usr/bin/env node
// npm run cluster:restart: asks the running `npm run start:cluster` for a rolling restart (SIGHUP);
// its output says when each process was replaced.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusterSettings } from './cluster.mjs';

const pid = Number(readFileSync(join(clusterSettings().dir, 'cluster.pid'), 'utf8'));
process.kill(pid, 'SIGHUP');
console.log(`[cluster] rolling restart requested from process ${pid}`);
