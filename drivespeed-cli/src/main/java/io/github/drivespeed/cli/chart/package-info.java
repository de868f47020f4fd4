/** Throughput charts as PNG (JFreeChart, headless). */
package io.github.drivespeed.cli.chart;
