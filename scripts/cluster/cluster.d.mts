// Types of cluster.mjs for the TypeScript tests that drive it.
export const ROOT: string;

export interface ClusterSettings {
  size: number;
  httpsPort: number;
  basePort: number;
  dir: string;
  databaseUrl: string | undefined;
  cert: string;
  key: string;
  serverName: string;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  ports(): number[];
  rollingRestart(): Promise<void>;
  stop(): Promise<void>;
  logs(): string;
}

export function clusterSettings(env?: Record<string, string | undefined>): ClusterSettings;
export function startCluster(s?: ClusterSettings, extraEnv?: Record<string, string>): Promise<Cluster>;
