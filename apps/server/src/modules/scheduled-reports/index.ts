// What other modules may use of the scheduled-reports module: lint forbids reaching past this file.
