// What other modules may use of the control module: lint forbids reaching past this file.
export { DEFAULT_AC_OPTION, IR_AC_OPTION_SETTING } from './calc/ir-ac-setting.ts';
