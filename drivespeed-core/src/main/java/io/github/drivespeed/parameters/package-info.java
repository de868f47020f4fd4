/**
 * The settings of a measurement as immutable records, one per kind
 * ({@link io.github.drivespeed.parameters.Parameters}), built by the plans and recorded in the
 * reports: {@link io.github.drivespeed.parameters.SequentialParameters},
 * {@link io.github.drivespeed.parameters.WorkloadParameters},
 * {@link io.github.drivespeed.parameters.DeviceParameters},
 * {@link io.github.drivespeed.parameters.SustainedParameters},
 * {@link io.github.drivespeed.parameters.CapacityParameters} and
 * {@link io.github.drivespeed.parameters.CapacityProbeParameters}; the
 * {@link io.github.drivespeed.parameters.Preset}s CrystalDiskMark made familiar and the
 * {@link io.github.drivespeed.parameters.Limits} every plan is held to. A record's constructor
 * enforces its invariants, with messages that name the setting and the value.
 */
package io.github.drivespeed.parameters;
