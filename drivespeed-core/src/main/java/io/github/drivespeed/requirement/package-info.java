/**
 * What a storage must do, and the check of measured reports against it:
 * {@link io.github.drivespeed.requirement.StorageRequirement} (minimum rates, IOPS and latency
 * bounds, or an SD speed class as {@link io.github.drivespeed.requirement.SdClass}), checked
 * against {@link io.github.drivespeed.requirement.Measurements} into a
 * {@link io.github.drivespeed.requirement.RequirementCheck}.
 */
package io.github.drivespeed.requirement;
