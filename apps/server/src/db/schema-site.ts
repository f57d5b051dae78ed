// Site tables (issue 5): navigation, sliders, content, contact messages.
export {};
