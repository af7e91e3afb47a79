// The boot namespaces (BOOT_NAMESPACES in ./i18n.ts) in nl, one file: a first visit asks for one
// translations file before its first paint instead of three.
export { default as common } from '../../locales/nl/common.json';
export { default as shop } from '../../locales/nl/shop.json';
export { default as offline } from '../../locales/nl/offline.json';
