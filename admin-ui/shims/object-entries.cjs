// `object.entries` for the browser build (vite.config.ts): node-polyglot (react-admin's translations) requires that
// polyfill, which brings get-intrinsic, call-bind, define-properties and a dozen more shims (about 35 kB of code in
// the first load). Every browser the console supports has Object.entries (ES2017); node-polyglot calls it as
// `entries(object)`.
'use strict';

module.exports = function entries(object) {
  return Object.entries(object);
};
