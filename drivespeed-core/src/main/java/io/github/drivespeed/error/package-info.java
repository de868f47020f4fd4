/**
 * The checked exceptions a measurement throws, all {@link java.io.IOException}s under
 * {@link io.github.drivespeed.error.DriveSpeedException}. Each names the path, the operation and,
 * where a system call failed, the call and its errno name. A bad plan is an
 * {@link IllegalArgumentException} from the call that made it, not one of these.
 */
package io.github.drivespeed.error;
