package io.github.drivespeed.spring.boot;

import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code drivespeed.paths} names at least one directory, in any form Spring Boot
 * binds a list from: {@code drivespeed.paths=/a,/b}, or {@code drivespeed.paths[0]=/a} as YAML
 * lists become.
 */
final class OnDriveSpeedPathsCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context,
            AnnotatedTypeMetadata metadata) {
        List<String> paths = Binder.get(context.getEnvironment())
                .bind("drivespeed.paths", Bindable.listOf(String.class)).orElse(List.of());
        return paths.isEmpty()
                ? ConditionOutcome.noMatch("drivespeed.paths is not set: nothing to measure")
                : ConditionOutcome.match("drivespeed.paths names " + paths);
    }
}
