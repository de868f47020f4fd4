package io.github.drivespeed.testing.archfixture.sizes.room;

/** Fixture: one of the three classes of a room, too many where a room holds two. */
public final class Ring {
}
