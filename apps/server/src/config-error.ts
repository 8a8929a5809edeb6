/** A bad setting: start-up stops with its message alone (one line per setting, no stack trace). */
export class ConfigError extends Error {}
