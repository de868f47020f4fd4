/**
 * The native I/O backend (JNA bindings for Linux). This module holds no backend yet: with it on
 * the class path drivespeed still uses the pure-Java backend from drivespeed-core.
 */
package io.github.drivespeed.nativeio;
