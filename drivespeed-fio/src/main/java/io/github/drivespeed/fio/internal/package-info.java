/**
 * fio's job files and option spellings: the parser of job files and of fio-spelled command
 * lines, fio's size and time grammar, the one table of fio options (how each sets a workload
 * plan, or why it is refused) and the mapping of jobs and groups onto workload plans.
 */
package io.github.drivespeed.fio.internal;
