/** Injection tokens of the ports (interfaces have no runtime value). */
export const EVENT_STORE = Symbol('EventStore');
export const READ_STORE = Symbol('ReadStore');
export const KEY_STORE = Symbol('KeyStore');
export const APP_CONFIG = Symbol('AppConfig');
