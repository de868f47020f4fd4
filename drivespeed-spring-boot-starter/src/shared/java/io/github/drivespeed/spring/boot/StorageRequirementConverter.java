package io.github.drivespeed.spring.boot;

import io.github.drivespeed.requirement.StorageRequirement;
import org.springframework.core.convert.converter.Converter;

/**
 * Reads {@code drivespeed.requirement} with {@link StorageRequirement#parse(String)}, so that
 * every spelling the command line's {@code --require} takes works in
 * {@code application.properties}; a term it does not understand fails the start, Spring Boot
 * naming the property, its value and the term.
 *
 * @since 0.1.0
 */
public final class StorageRequirementConverter implements Converter<String, StorageRequirement> {

    /**
     * Creates the converter; {@link DriveSpeedAutoConfiguration} does.
     */
    public StorageRequirementConverter() {
        // nothing to set up
    }

    /**
     * {@return the requirement {@code source} spells}
     *
     * @param source for example {@code A1,write=20MB/s}
     * @throws IllegalArgumentException naming the term that is not understood
     */
    @Override
    public StorageRequirement convert(String source) {
        return StorageRequirement.parse(source);
    }
}
