/** Example: an appliance choosing the medium to record to from its candidate mount points. */
package io.github.drivespeed.examples.media;
