/**
 * fio's job files run by drivespeed, from Java: {@link io.github.drivespeed.fio.FioJob} reads and
 * checks a job file and runs it; {@link io.github.drivespeed.fio.FioResults} holds the typed
 * reports and writes fio's JSON of them.
 */
package io.github.drivespeed.fio;
